// The shop's moments are instants with an offset; staff type them in Japan's time in a
// datetime-local field (no offset). Japan has no daylight saving, so +09:00 is the whole rule.

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** An instant as a datetime-local field's value in Japan's time (「2026-12-01T10:00」); '' for none. */
export function toJstInput(instant: string | null | undefined): string {
  if (!instant) return '';
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local field's value (Japan's time) as the API's instant with offset; null for ''. */
export function fromJstInput(value: string): string | null {
  if (!value) return null;
  return `${value.length === 16 ? `${value}:00` : value}+09:00`;
}
