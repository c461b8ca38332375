import { z } from 'zod';

const yenSchema = z.number().int().nonnegative();

/**
 * One tier of a shipping fee table: from a subtotal of `threshold` yen (inclusive) the fee is
 * `fee` yen; `attention` is a note shown to the shopper beside it (`''` for none).
 *
 * @example
 * feeTierSchema.parse({ threshold: 3500, fee: 246, attention: '' });
 */
export const feeTierSchema = z.object({
  threshold: yenSchema,
  fee: yenSchema,
  attention: z.string(),
});

/**
 * One tier of a shipping fee table: see `feeTierSchema`.
 *
 * @example
 * const tier: FeeTier = { threshold: 5000, fee: 0, attention: '' };
 */
export type FeeTier = z.infer<typeof feeTierSchema>;

/**
 * A shipping method, with the spec's field names (camelCase, except `fee_for_global` and
 * `fee_tiers`, which the spec spells in snake_case). Amounts are integer yen.
 *
 * - `typeName`: machine name (`'home_delivery'`, `'yu_packet'`); `verboseName`: 宅配便 ...
 * - `fee`: the domestic fee; `fee_for_global`: the overseas fee.
 * - `fee_tiers`: tiers in strictly ascending `threshold` order (empty for a flat fee).
 * - `isFreeThreshold`, `freeThreshold`: whether shipping becomes free, and from which subtotal
 *   (`freeThreshold` must be set when `isFreeThreshold` is true).
 * - `hasOption`: delivery options (time slots) can be chosen.
 * - `hasEconomicalShipping`: an economical (post-box) method; `canGlobalShipping`: ships abroad.
 *
 * @example
 * shippingMethodSchema.parse({
 *   typeName: 'yu_packet',
 *   verboseName: 'ゆうパケット',
 *   fee: 320,
 *   fee_for_global: 0,
 *   fee_tiers: [],
 *   isFreeThreshold: false,
 *   freeThreshold: null,
 *   hasOption: false,
 *   hasEconomicalShipping: true,
 *   canGlobalShipping: false,
 * });
 */
export const shippingMethodSchema = z
  .object({
    typeName: z.string().min(1),
    verboseName: z.string().min(1),
    fee: yenSchema,
    fee_for_global: yenSchema,
    fee_tiers: z
      .array(feeTierSchema)
      .refine(
        (tiers) =>
          tiers.every((tier, i) => i === 0 || tier.threshold > (tiers[i - 1]?.threshold ?? -1)),
        {
          message: 'fee_tiers must be in strictly ascending threshold order',
        },
      ),
    isFreeThreshold: z.boolean(),
    freeThreshold: yenSchema.nullable(),
    hasOption: z.boolean(),
    hasEconomicalShipping: z.boolean(),
    canGlobalShipping: z.boolean(),
  })
  .refine((method) => !method.isFreeThreshold || method.freeThreshold !== null, {
    message: 'freeThreshold is required when isFreeThreshold is true',
    path: ['freeThreshold'],
  });

/**
 * A shipping method: see `shippingMethodSchema`.
 *
 * @example
 * const shipping: ShippingMethod = shippingMethodSchema.parse(json);
 */
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
