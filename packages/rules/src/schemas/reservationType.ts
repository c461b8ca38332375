import { z } from 'zod';

/**
 * The reservation types the shop labels: a pre-order of an unreleased item, and a backorder.
 *
 * @example
 * KNOWN_RESERVATION_TYPES; // ['UNRELEASED', 'BACKORDER']
 */
export const KNOWN_RESERVATION_TYPES = ['UNRELEASED', 'BACKORDER'] as const;

/**
 * A reservation type the shop labels (`'UNRELEASED'` or `'BACKORDER'`).
 *
 * @example
 * const type: KnownReservationType = 'BACKORDER';
 */
export type KnownReservationType = (typeof KNOWN_RESERVATION_TYPES)[number];

/**
 * A reservation type on the wire: a known type, any other string (including `''`), or `null`.
 * The spec gives every other value an empty label, so unknown values are accepted, not rejected.
 *
 * @example
 * const type: ReservationType = 'UNRELEASED'; // or 'NORMAL', '' or null
 */
export type ReservationType = KnownReservationType | (string & {}) | null;

/**
 * Validates `reservation_type`: `'UNRELEASED'`, `'BACKORDER'`, any other string or `null`.
 *
 * @example
 * reservationTypeSchema.parse('UNRELEASED'); // 'UNRELEASED'
 * reservationTypeSchema.parse(null); // null
 * reservationTypeSchema.safeParse(1).success; // false
 */
export const reservationTypeSchema: z.ZodType<ReservationType> = z.union([
  z.enum(KNOWN_RESERVATION_TYPES),
  z.string(),
  z.null(),
]);
