// Counting on calendar days written `yyyy-MM-dd` (JST days, as `jstDateString` gives them).
// Which days a rule covers is decided by the rule; these only count. A day string is read as
// the UTC fields of a Date, which have no time zone and no daylight saving, so every day is one
// step; setUTCFullYear (not Date.UTC) keeps years 0-99 as they are.

function toUtcDate(day: string): Date {
  const date = new Date(0);
  date.setUTCFullYear(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
  );
  return date;
}

function fromUtcDate(date: Date): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const date = toUtcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtcDate(date);
}

/** The day of the week of `day`: 0 Sunday, 1 Monday ... 6 Saturday. */
export function dayOfWeek(day: string): number {
  return toUtcDate(day).getUTCDay();
}

/** The last day of the calendar month of `day`. */
export function lastDayOfMonth(day: string): string {
  const date = toUtcDate(day);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return fromUtcDate(date);
}
