// Calendar arithmetic on JST calendar days written as 'YYYY-MM-DD' (which compare and sort as
// strings). Which days a rule covers is decided elsewhere; these only count days.

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant of a JST wall-clock time on `day`, as ISO 8601 with its offset. */
export function jstInstant(day: string, hour: number, minute = 0): string {
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`;
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The later of two days (ISO day strings compare in calendar order). */
export function laterDay(a: string, b: string): string {
  return a < b ? b : a;
}

/** The earlier of two days. */
export function earlierDay(a: string, b: string): string {
  return a < b ? a : b;
}
