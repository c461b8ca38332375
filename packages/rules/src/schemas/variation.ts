import { z } from 'zod';
import { reservationTypeSchema } from './reservationType';
import { unitPriceSchema } from './unitPrice';

/**
 * A variation of a product (通常版, 限定版, 特装版 ...), with the spec's snake_case field names.
 *
 * - `in_stock`: whether any unit can be sold or reserved.
 * - `unit_price`: tax-included whole yen as a numeric string (`"1100"`), `''`/`null` while
 *   undecided; read it with `parseUnitPrice`.
 * - `point_value`: points granted per unit (1 point = 1 yen when spent).
 * - `can_reserve`: whether it can be pre-ordered.
 * - `reservation_type`: `'UNRELEASED'`, `'BACKORDER'`, another string or `null`.
 *
 * A plain `z.object`, so the API can `.extend()` it with its own fields (id, name ...).
 *
 * @example
 * variationSchema.parse({
 *   in_stock: true,
 *   unit_price: '1100',
 *   point_value: 11,
 *   can_reserve: true,
 *   reservation_type: 'UNRELEASED',
 * });
 */
export const variationSchema = z.object({
  in_stock: z.boolean(),
  unit_price: unitPriceSchema,
  point_value: z.number().int().nonnegative(),
  can_reserve: z.boolean(),
  reservation_type: reservationTypeSchema,
});

/**
 * A variation of a product: see `variationSchema`.
 *
 * @example
 * const variation: Variation = variationSchema.parse(json);
 */
export type Variation = z.infer<typeof variationSchema>;
