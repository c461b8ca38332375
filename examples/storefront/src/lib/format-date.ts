// Calendar days as shoppers read them, always in Japan time whatever the device's zone.
const DAY = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
});

/** '2026-12-31' or an ISO instant → 「2026年12月31日(木)」 (JST). */
export function formatJstDay(value: string): string {
  const parts = Object.fromEntries(
    DAY.formatToParts(new Date(value)).map((p) => [p.type, p.value]),
  );
  return `${parts.year}年${parts.month}月${parts.day}日(${parts.weekday})`;
}
