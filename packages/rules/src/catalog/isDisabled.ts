import type { DateInput } from '../_lib/jst';
import { isReleased } from '../calendar/isReleased';

/**
 * Whether a product cannot be ordered at `now` (docs/spec.md §4: "disabled while
 * disabled_before is in the future"). A date-only `disabled_before` lifts at the start of that
 * JST day; `null` or absent means never disabled.
 *
 * @example
 * isDisabled({ disabled_before: '2026-12-01' }, new Date('2026-11-30T23:59:59+09:00')); // true
 * isDisabled({ disabled_before: '2026-12-01' }, new Date('2026-12-01T00:00:00+09:00')); // false
 * isDisabled({ disabled_before: null }, new Date()); // false
 */
export function isDisabled(product: { disabled_before?: DateInput | null }, now: Date): boolean {
  const until = product.disabled_before ?? null;
  return until !== null && !isReleased(until, now);
}
