import { z } from 'zod';
import { benefitSchema } from './benefit';
import { isoDateSchema } from './isoDate';
import { reservationTypeSchema } from './reservationType';
import { variationSchema } from './variation';

/**
 * A product, with the spec's snake_case field names. Dates are wire dates (`isoDateSchema`):
 * a date-only value is a JST calendar day; `null` means not set.
 *
 * - `variations`: its variations (通常版, 限定版 ...).
 * - `reservation_type`: the product's own type; when set it decides the product's label.
 * - `sell_start_date`, `expected_restock_date`: drive the stock label (`stockLabel`).
 * - `disabled_before`: the product cannot be ordered until then (`isDisabled`).
 * - `has_bonus`, `bonus_content`: whether it comes with a bonus, and its description.
 * - `benefits`: its purchase benefits (特典).
 *
 * A plain `z.object`, so the API can `.extend()` it with slug, title and the rest.
 *
 * @example
 * const apiProductSchema = productSchema.extend({ slug: z.string(), title: z.string() });
 * productSchema.parse({
 *   variations: [],
 *   reservation_type: 'UNRELEASED',
 *   sell_start_date: '2026-12-01',
 *   expected_restock_date: null,
 *   disabled_before: null,
 *   has_bonus: false,
 *   bonus_content: null,
 *   benefits: [],
 * });
 */
export const productSchema = z.object({
  variations: z.array(variationSchema),
  reservation_type: reservationTypeSchema,
  sell_start_date: isoDateSchema.nullable(),
  expected_restock_date: isoDateSchema.nullable(),
  disabled_before: isoDateSchema.nullable(),
  has_bonus: z.boolean(),
  bonus_content: z.string().nullable(),
  benefits: z.array(benefitSchema),
});

/**
 * A product: see `productSchema`.
 *
 * @example
 * const product: Product = productSchema.parse(json);
 */
export type Product = z.infer<typeof productSchema>;
