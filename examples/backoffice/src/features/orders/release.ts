import { formatReleaseDate, type ReleaseDatePrecision } from '@shop/rules';

/** A release as the shop prints it (@shop/rules formatReleaseDate); '—' for none. */
export function releaseText(date: string | null, precision: ReleaseDatePrecision | null): string {
  return date ? formatReleaseDate({ date, precision: precision ?? 'day' }) : '—';
}
