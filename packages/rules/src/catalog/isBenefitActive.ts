import { type DateInput, isDateOnly, startOfNextJstDay, toInstant } from '../_lib/jst';

/**
 * What `isBenefitActive` reads from a benefit (特典).
 *
 * @example
 * const benefit: BenefitActivityInput = { available_max_num: 10, distributed: true };
 */
export interface BenefitActivityInput {
  available_max_num?: number | null;
  distributed?: boolean | null;
  expiry_date?: DateInput | null;
}

/**
 * Whether a benefit (特典) is active at `now` (docs/spec.md §4): `available_max_num` and
 * `distributed` are truthy, and it has no expiry or the expiry is still ahead. A date-only
 * expiry (`2026-12-31`) is valid through that whole JST day; a date-time expiry until that
 * instant (exclusive).
 *
 * @example
 * const benefit = { available_max_num: 100, distributed: true, expiry_date: '2026-12-31' };
 * isBenefitActive(benefit, new Date('2026-12-31T23:59:59+09:00')); // true
 * isBenefitActive(benefit, new Date('2027-01-01T00:00:00+09:00')); // false
 * isBenefitActive({ ...benefit, available_max_num: 0 }, new Date('2026-12-01')); // false
 */
export function isBenefitActive(benefit: BenefitActivityInput, now: Date): boolean {
  if (!benefit.available_max_num || !benefit.distributed) return false;
  const expiry = benefit.expiry_date ?? null;
  if (expiry === null) return true;
  const end = isDateOnly(expiry) ? startOfNextJstDay(expiry) : toInstant(expiry);
  return toInstant(now).getTime() < end.getTime();
}
