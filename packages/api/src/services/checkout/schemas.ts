import {
  DELIVERY_TIME_SLOTS,
  MAX_LINE_QUANTITY,
  PAYMENT_METHOD_NAMES,
  SHIPPING_METHOD_NAMES,
} from '@shop/rules';
import * as z from 'zod';
import { MAX_CART_LINES } from '../cart';

// What the checkout and reservation endpoints read: bodies and the Idempotency-Key header.
/** A checkout from the cart, or a direct reservation of listed items. */
export type CheckoutKind = 'checkout' | 'reserve';

const slotValues = DELIVERY_TIME_SLOTS.map((slot) => slot.value) as [string, ...string[]];

const itemsSchema = z
  .array(
    z
      .object({
        variationId: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
      })
      .strict(),
  )
  .min(1)
  .max(MAX_CART_LINES)
  .refine((items) => new Set(items.map((i) => i.variationId)).size === items.length, {
    message: '同じ商品が重複しています。',
  });

const cardSchema = z.union([
  z.object({ token: z.string().min(1).max(256) }).strict(),
  z.object({ savedCardId: z.number().int().positive().max(2_147_483_647) }).strict(),
]);

/** What the quote endpoints read: the choices so far (all optional). */
export const quoteBodySchema = z
  .object({
    shippingMethod: z.enum(SHIPPING_METHOD_NAMES).optional(),
    paymentMethod: z.enum(PAYMENT_METHOD_NAMES).optional(),
    usePoints: z.number().int().min(0).max(100_000_000).optional(),
    /** The chosen address: an overseas one prices the overseas method and payments. */
    addressId: z.number().int().positive().max(2_147_483_647).optional(),
    /** Reservation only: the items to reserve (a checkout takes the cart). */
    items: itemsSchema.optional(),
  })
  .strict();

/** What a confirm request carries (the Idempotency-Key travels in a header). */
export const confirmBodySchema = z
  .object({
    shippingMethod: z.enum(SHIPPING_METHOD_NAMES),
    paymentMethod: z.enum(PAYMENT_METHOD_NAMES),
    deliveryTimeSlot: z.enum(slotValues).optional(),
    addressId: z.number().int().positive().max(2_147_483_647),
    usePoints: z.number().int().min(0).max(100_000_000).optional(),
    card: cardSchema.optional(),
    items: itemsSchema.optional(),
  })
  .strict();

export type QuoteBody = z.infer<typeof quoteBodySchema>;

export type ConfirmBody = z.infer<typeof confirmBodySchema>;

/** Idempotency keys are UUIDs: unguessable, and never mistaken for a card number in a log. */
export const idempotencyKeySchema = z.uuid();
