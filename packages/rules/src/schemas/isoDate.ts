import { z } from 'zod';

/**
 * A date on the wire: a date-only ISO string (`2026-12-01`, a JST calendar day) or an ISO 8601
 * date-time with an explicit offset (`2026-12-01T10:00:00+09:00`, `...Z`).
 *
 * A date-time without an offset is rejected: JavaScript would read it in the host's time zone,
 * and the shop's rules must give the same answer on every machine.
 *
 * @example
 * isoDateSchema.parse('2026-12-01'); // '2026-12-01'
 * isoDateSchema.safeParse('2026-12-01T10:00:00').success; // false (no offset)
 */
export const isoDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * A wire date: a date-only or offset date-time ISO string (see `isoDateSchema`).
 *
 * @example
 * const date: IsoDate = '2026-12-01';
 */
export type IsoDate = z.infer<typeof isoDateSchema>;
