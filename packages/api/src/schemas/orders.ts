import { CARRIER_NAMES, RELEASE_DATE_PRECISIONS } from '@shop/rules';
import { z } from 'zod';
import { ORDER_STATES } from '../db/schema/orders';
import { addressLineFields } from './accounts';

// What the cart, checkout, orders, bundle and operator endpoints answer, as the OpenAPI document
// describes it beside each route (routes/cart.ts, reserveshop.ts, bundle.ts, orders.ts,
// operator.ts): the services return these shapes, and test/openapi.test.ts parses real answers
// with them. The refusal texts shared by several operations are here too.

export const releasePrecisionSchema = z.enum(RELEASE_DATE_PRECISIONS).nullable().meta({
  description:
    'How precisely releaseDate is known: a part of a month or a month is printed as such (@shop/rules formatReleaseDate); null with no releaseDate',
});

const pricePendingSchema = z.boolean().meta({
  description:
    'Holds a 価格未定 item: the amounts are 0 until the shop decides the price (then the order is quoted again and 価格決定のお知らせ sent); shown as 価格未定',
});

const undecidedUnitPriceSchema = z
  .int()
  .nullable()
  .meta({ description: 'Integer yen; null for a 価格未定 item until its price is decided' });

export const cartSchema = z.object({
  lines: z.array(
    z.object({
      variationId: z.int(),
      productId: z.int(),
      productSlug: z.string(),
      title: z.string(),
      variationName: z.string(),
      unitPrice: z.int().nullable(),
      pointValue: z.int(),
      quantity: z.int(),
      stock: z.int(),
      canReserve: z.boolean(),
      sellStartDate: z.iso.date().nullable().meta({
        description:
          'The release day of the variation (or its product); a part of a month or a month is its first day (@shop/rules releaseSpanStart); null when none is set',
      }),
      releaseDatePrecision: z.enum(RELEASE_DATE_PRECISIONS).meta({
        description:
          "How precisely the product's release day is known; checkout groups the lines by sellStartDate and labels each reservation with @shop/rules latestRelease of its lines",
      }),
      isAdult: z.boolean(),
      coverImage: z.string(),
      categories: z.array(z.string()).meta({
        description:
          "The product's categories; @shop/rules parcelFit reckons a line's size in a parcel by them",
      }),
    }),
  ),
  count: z.int().meta({ description: 'Units in the cart' }),
});

const methodOptionSchema = z.object({
  typeName: z.string(),
  verboseName: z.string(),
  available: z.boolean(),
  reason: z.object({ code: z.string(), message: z.string() }).nullable(),
  fee: z.int(),
});

const amountsSchema = z.object({
  subtotal: z.int(),
  shippingFee: z.int(),
  paymentFee: z.int(),
  pointsUsed: z.int(),
  total: z.int(),
  pointsEarned: z.int(),
});

export const quoteSchema = z.object({
  shipments: z.array(
    amountsSchema.extend({
      isReservation: z.boolean(),
      pricePending: pricePendingSchema,
      releaseDate: z.iso.date().nullable(),
      releaseDatePrecision: releasePrecisionSchema,
      lines: z.array(
        z.object({
          variationId: z.int(),
          title: z.string(),
          variationName: z.string(),
          quantity: z.int(),
          unitPrice: undecidedUnitPriceSchema,
          problem: z
            .object({ code: z.string(), message: z.string(), available: z.int() })
            .nullable()
            .meta({ description: 'Why this line cannot be ordered as it stands (out_of_stock)' }),
        }),
      ),
    }),
  ),
  shippingMethods: z.array(methodOptionSchema),
  paymentMethods: z.array(methodOptionSchema),
  pointBalance: z.int(),
  pricePending: z.boolean().meta({
    description:
      'Some shipment holds a 価格未定 item: totals leave it out (価格未定の商品を除く); its order is quoted when the shop decides the price',
  }),
  totals: amountsSchema.nullable(),
  problem: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/** Where and by when to pay an order paid before shipping (docs/lifecycle.md). */
const paymentInstructionsSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('bank_transfer'),
      bankName: z.string(),
      branchName: z.string(),
      accountType: z.literal('普通'),
      accountNumber: z.string(),
      accountHolder: z.string(),
      amount: z.int(),
      dueDate: z.iso.date().nullable(),
    }),
    z.object({
      kind: z.literal('yucho'),
      symbol: z.string(),
      number: z.string(),
      accountHolder: z.string(),
      amount: z.int(),
      dueDate: z.iso.date().nullable(),
    }),
  ])
  .meta({
    description:
      'The account, amount and last day (JST); dueDate is null while a reservation waits for its release (予約中)',
  });

export const confirmResultSchema = z.object({
  checkoutId: z.int(),
  orders: z.array(
    z.object({
      id: z.int(),
      state: z.enum(ORDER_STATES),
      isReservation: z.boolean(),
      pricePending: pricePendingSchema,
      releaseDate: z.iso.date().nullable(),
      releaseDatePrecision: releasePrecisionSchema,
      subtotal: z.int(),
      shippingFee: z.int(),
      paymentFee: z.int(),
      pointsUsed: z.int(),
      total: z.int(),
      pointsToGrant: z.int(),
      benefits: z.array(z.object({ benefitId: z.int(), title: z.string(), quantity: z.int() })),
      paymentInstructions: paymentInstructionsSchema.nullable(),
    }),
  ),
});

export const orderSchema = z.object({
  paymentInstructions: paymentInstructionsSchema.nullable(),
  tracking: z
    .object({
      carrier: z.enum(CARRIER_NAMES as [string, ...string[]]),
      trackingNumber: z.string(),
      url: z.url().nullable().meta({ description: "The carrier's tracking page of the parcel" }),
    })
    .nullable()
    .meta({ description: 'Set when the order ships (carrier and tracking number)' }),
  id: z.int(),
  state: z.enum(ORDER_STATES),
  placedAt: z.iso.datetime(),
  isReservation: z.boolean(),
  releaseDate: z.iso.date().nullable(),
  releaseDatePrecision: releasePrecisionSchema,
  pricePending: pricePendingSchema,
  priceDecidedAt: z.iso.datetime().nullable(),
  shippingMethod: z.string(),
  paymentMethod: z.string(),
  deliveryTimeSlot: z.string(),
  subtotal: z.int(),
  shippingFee: z.int(),
  paymentFee: z.int(),
  pointsUsed: z.int(),
  amountDue: z.int(),
  pointsToGrant: z.int(),
  paidAt: z.iso.datetime().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  bundleId: z.int().nullable(),
  items: z.array(
    z.object({
      productId: z.int(),
      productSlug: z.string(),
      title: z.string(),
      variationId: z.int(),
      variationName: z.string(),
      quantity: z.int(),
      unitPrice: undecidedUnitPriceSchema,
    }),
  ),
  benefits: z.array(
    z.object({ benefitId: z.int(), title: z.string(), quantity: z.int(), released: z.boolean() }),
  ),
});

/** The destination of a bundle (or of an order, as frozen at checkout). */
export const bundleAddressSchema = z.object({
  postalCode: z.string(),
  prefecture: z.string(),
  ...addressLineFields,
  phone: z.string(),
  country: z
    .string()
    .optional()
    .meta({ description: 'An overseas destination: its ISO code (absent for Japan)' }),
  fullName: z.string().optional().meta({ description: 'Overseas only' }),
  line1: z.string().optional().meta({ description: 'Overseas only' }),
  line2: z.string().optional().meta({ description: 'Overseas only' }),
  region: z.string().optional().meta({ description: 'Overseas only' }),
});

export const bundlePlanSchema = z.object({
  shippingMethod: z.string(),
  combinedSubtotal: z.int(),
  separateShippingFee: z.int().meta({ description: 'Shipping of the orders as they stand' }),
  bundledShippingFee: z.int().meta({ description: 'Shipping of the one parcel' }),
  saving: z.int(),
  freeShipping: z.boolean(),
  releaseDate: z.iso.date().nullable().meta({ description: 'The latest release day; ships then' }),
  releaseDatePrecision: releasePrecisionSchema,
  adjustments: z.array(
    z.object({
      orderId: z.int(),
      shippingFeeBefore: z.int(),
      shippingFeeAfter: z.int(),
      cardReduction: z.int(),
      pointsRefunded: z.int(),
    }),
  ),
});

export const bundleViewSchema = z.object({
  id: z.int(),
  state: z.enum(['open', 'shipped', 'cancelled']),
  createdAt: z.iso.datetime(),
  shippedAt: z.iso.datetime().nullable(),
  shippingMethod: z.string(),
  address: bundleAddressSchema.nullable(),
  combinedSubtotal: z.int(),
  separateShippingFee: z.int(),
  shippingFee: z.int(),
  saving: z.int(),
  freeShipping: z.boolean(),
  releaseDate: z.iso.date().nullable(),
  releaseDatePrecision: releasePrecisionSchema,
  releasedAll: z.boolean(),
  orders: z.array(orderSchema),
});

/** The member's bundleable orders, grouped by destination (GET /api/reserveshop/bundle/). */
export const bundleableSchema = z.object({
  orders: z.array(
    z.object({
      id: z.int(),
      state: z.enum(ORDER_STATES),
      placedAt: z.iso.datetime(),
      releaseDate: z.iso.date().nullable(),
      releaseDatePrecision: releasePrecisionSchema,
      shippingMethod: z.string(),
      paymentMethod: z.string(),
      subtotal: z.int(),
      shippingFee: z.int(),
      amountDue: z.int(),
      group: z.int(),
    }),
  ),
  groups: z.array(
    z.object({
      group: z.int(),
      shippingMethod: z.string(),
      address: bundleAddressSchema,
      orderIds: z.array(z.int()),
    }),
  ),
});
