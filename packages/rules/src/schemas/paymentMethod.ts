import { z } from 'zod';

const yenSchema = z.number().int().nonnegative();

/**
 * A payment method, with the spec's camelCase field names. Amounts are integer yen.
 *
 * - `typeName`: machine name (`'credit_card'`, `'cash_on_delivery'` ...); `verboseName`: its
 *   Japanese name.
 * - `fee`, `feeTitle`: the payment fee and what it is called (代金引換手数料; `''` for none).
 * - `isFreeThreshold`, `freeThreshold`: whether the fee is waived, and from which subtotal
 *   (`freeThreshold` must be set when `isFreeThreshold` is true).
 * - `isBundleUsable`: usable for bundled shipping (おまとめ配送).
 * - `canEconomicalShipping`, `canGlobalShipping`: allowed with economical / overseas shipping.
 * - `hasAttention`: shows an attention note at checkout.
 *
 * @example
 * paymentMethodSchema.parse({
 *   typeName: 'cash_on_delivery',
 *   verboseName: '代金引換',
 *   fee: 330,
 *   feeTitle: '代金引換手数料',
 *   isFreeThreshold: true,
 *   freeThreshold: 10000,
 *   isBundleUsable: false,
 *   canEconomicalShipping: false,
 *   canGlobalShipping: false,
 *   hasAttention: false,
 * });
 */
export const paymentMethodSchema = z
  .object({
    typeName: z.string().min(1),
    verboseName: z.string().min(1),
    fee: yenSchema,
    feeTitle: z.string(),
    isFreeThreshold: z.boolean(),
    freeThreshold: yenSchema.nullable(),
    isBundleUsable: z.boolean(),
    canEconomicalShipping: z.boolean(),
    canGlobalShipping: z.boolean(),
    hasAttention: z.boolean(),
  })
  .refine((method) => !method.isFreeThreshold || method.freeThreshold !== null, {
    message: 'freeThreshold is required when isFreeThreshold is true',
    path: ['freeThreshold'],
  });

/**
 * A payment method: see `paymentMethodSchema`.
 *
 * @example
 * const payment: PaymentMethod = paymentMethodSchema.parse(json);
 */
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
