import { formatJstDate, formatReleaseDate, type ReleaseDatePrecision } from '@shop/rules';

const JST_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A moment as staff read it in lists and logs: the shop's day (@shop/rules formatJstDate) and the
 * time in Japan, 「2026年12月1日(火) 09:05」; '—' for none.
 */
export function jstDateTime(at: string | null | undefined): string {
  if (!at) return '—';
  return `${formatJstDate(at)} ${JST_TIME.format(new Date(at))}`;
}

/**
 * A release as the shop prints it (@shop/rules formatReleaseDate, 「2027年3月発売予定」), or
 * `none` for a product without a date.
 */
export function releaseText(
  date: string | null,
  precision: ReleaseDatePrecision | null,
  none = '—',
): string {
  return date ? formatReleaseDate({ date, precision: precision ?? 'day' }) : none;
}
