import { CARRIER_NAMES, RELEASE_DATE_PRECISIONS } from '@shop/rules';
import { z } from 'zod';
import { idParamSchema } from '../accounts/params';
import { ORDER_STATES } from '../db/schema/orders';
import type { RouteDoc } from '../lib/route-doc';
import { addSchema, quantitySchema, variationParamSchema } from '../routes/cart';
import { releaseDateSchema, shipmentSchema } from '../routes/operator';
import { listQuerySchema } from '../routes/orders';
import { bundleListQuerySchema, bundleSelectionSchema } from '../services/bundles';
import { confirmBodySchema, quoteBodySchema } from '../services/checkout/schemas';

// The orders endpoints for the OpenAPI document: request schemas are the very objects the
// routes validate with (imported from them); response schemas describe what the services
// return, and test/openapi.test.ts parses real answers with them.

const releasePrecisionSchema = z.enum(RELEASE_DATE_PRECISIONS).nullable().meta({
  description:
    'How precisely releaseDate is known: a part of a month or a month is printed as such (@shop/rules formatReleaseDate); null with no releaseDate',
});

const cartSchema = z.object({
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

const quoteSchema = z.object({
  shipments: z.array(
    amountsSchema.extend({
      isReservation: z.boolean(),
      releaseDate: z.iso.date().nullable(),
      releaseDatePrecision: releasePrecisionSchema,
      lines: z.array(
        z.object({
          variationId: z.int(),
          title: z.string(),
          variationName: z.string(),
          quantity: z.int(),
          unitPrice: z.int(),
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

const confirmResultSchema = z.object({
  checkoutId: z.int(),
  orders: z.array(
    z.object({
      id: z.int(),
      state: z.enum(ORDER_STATES),
      isReservation: z.boolean(),
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

const orderSchema = z.object({
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
      unitPrice: z.int(),
    }),
  ),
  benefits: z.array(
    z.object({ benefitId: z.int(), title: z.string(), quantity: z.int(), released: z.boolean() }),
  ),
});

const addressSchema = z.object({
  postalCode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  street: z.string(),
  building: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  lastNameKana: z.string(),
  firstNameKana: z.string(),
  phone: z.string(),
});

const bundlePlanSchema = z.object({
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

const BUNDLE_REFUSALS = {
  404: "`order_not_found` (also another member's order)",
  409: '`order_not_open` (shipped or cancelled), `order_already_bundled`',
  422: '`bundle_too_few_orders`, `payment_not_available_for_bundle`, `bundle_destination_mismatch`',
} as const;

const bundleViewSchema = z.object({
  id: z.int(),
  state: z.enum(['open', 'shipped', 'cancelled']),
  createdAt: z.iso.datetime(),
  shippedAt: z.iso.datetime().nullable(),
  shippingMethod: z.string(),
  address: addressSchema.nullable(),
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

const CAPTURE_FAILED = '`capture_failed`: the card gateway refused the capture';

/** The operator's actions on one order: what each does and refuses. */
const OPERATOR_ORDER_ACTIONS: {
  action: string;
  summary: string;
  body?: RouteDoc['body'];
  errors: Record<number, string>;
}[] = [
  {
    action: 'ship',
    summary:
      'Ship an order with its carrier and tracking number: captures its card payment, grants its points, mails 発送のお知らせ (an order in a bundle ships the bundle)',
    body: shipmentSchema,
    errors: {
      400: '`invalid_json`: an unknown carrier or a tracking number not of that carrier (`tracking_number`)',
      409: '`order_not_shippable`, `not_released`, `unpaid`, `bundle_not_shippable`',
      502: CAPTURE_FAILED,
    },
  },
  {
    action: 'payment-received',
    summary:
      'Record a bank transfer or Yucho payment (awaiting_payment → preparing), mails ご入金確認のお知らせ',
    errors: { 409: '`not_awaiting_payment`' },
  },
  {
    action: 'cancel',
    summary:
      'Cancel an order before shipment (stock, benefits and points come back), mails ご注文キャンセルのお知らせ',
    errors: { 409: '`order_not_cancellable`, `order_in_bundle`' },
  },
];

const CHECKOUT_REFUSALS = {
  400: '`items_not_allowed` (checkout takes the cart), `card_required`, `card_not_allowed`',
  403: '`adult_only`: adult-only items need a member of 18 or over',
  404: '`variation_not_found`, `address_not_found`, `saved_card_not_found`',
  409: '`out_of_stock`, `not_reservable`, `not_available`, `checkout_in_progress` (a concurrent duplicate)',
  422: '`empty_cart`, `price_undecided`, `not_enough_points`, `payment_not_available_for_…` (@shop/rules CHECKOUT_FAILURE_MESSAGES), `not_a_reservation`, `time_slot_not_available`, `invalid_card`, `idempotency_key_reused`',
} as const;

export const ORDER_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/cart/',
    tag: 'cart',
    summary: 'The cart (member or guest session; empty for a guest with nothing stored)',
    response: cartSchema,
  },
  {
    method: 'post',
    path: '/api/cart/',
    tag: 'cart',
    summary: 'Add units of a variation',
    body: addSchema,
    response: cartSchema,
    errors: {
      404: '`variation_not_found`',
      409: '`insufficient_stock`, `not_available`',
      422: '`invalid_quantity` (over the line limit), `too_many_lines`',
    },
  },
  {
    method: 'put',
    path: '/api/cart/{variationId}/',
    tag: 'cart',
    summary: "Set a line's quantity",
    params: variationParamSchema,
    body: quantitySchema,
    response: cartSchema,
    errors: {
      404: '`not_in_cart`, `variation_not_found`',
      409: '`insufficient_stock`, `not_available`',
    },
  },
  {
    method: 'delete',
    path: '/api/cart/{variationId}/',
    tag: 'cart',
    summary: 'Remove a line',
    params: variationParamSchema,
    response: cartSchema,
    errors: { 404: '`not_in_cart`' },
  },
  ...(['checkout', 'reserve'] as const).flatMap((kind): RouteDoc[] => [
    {
      method: 'post',
      path: `/api/reserveshop/${kind}/quote/`,
      tag: 'checkout',
      summary: `Methods, fees and points for ${kind === 'checkout' ? 'the cart' : 'the items to reserve'} (nothing is written)`,
      access: 'member',
      body: quoteBodySchema,
      response: quoteSchema,
      errors: {
        400: CHECKOUT_REFUSALS[400],
        404: '`variation_not_found`',
        422: '`empty_cart`',
      },
    },
    {
      method: 'post',
      path: `/api/reserveshop/${kind}/`,
      tag: 'checkout',
      summary: `Confirm the ${kind === 'checkout' ? 'checkout of the cart' : 'reservation of the items'}: one order per shipment`,
      access: 'member',
      body: confirmBodySchema,
      idempotencyKey: true,
      success: { 201: 'The orders (a retry with the same key and body answers the same)' },
      response: confirmResultSchema,
      errors: {
        ...CHECKOUT_REFUSALS,
        ...(kind === 'checkout' && {
          409: `${CHECKOUT_REFUSALS[409]}, \`cart_in_checkout\` (a checkout of the cart under another key is in progress), \`cart_changed\` (the cart changed while it was being ordered)`,
        }),
        402: '`payment_declined`',
        503: '`payment_unavailable`: the card gateway timed out or is down (no order was made)',
      },
    },
  ]),
  {
    method: 'get',
    path: '/api/reserveshop/bundle/',
    tag: 'bundle',
    summary: "The member's bundleable orders, grouped by destination (?orderId= for one group)",
    access: 'member',
    query: bundleListQuerySchema,
    response: z.object({
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
          address: addressSchema,
          orderIds: z.array(z.int()),
        }),
      ),
    }),
    errors: { 404: '`order_not_found`: `orderId` is not an open order of the member' },
  },
  {
    method: 'post',
    path: '/api/reserveshop/bundle/preview/',
    tag: 'bundle',
    summary: 'Shipping and saving of a selection (nothing is written)',
    access: 'member',
    body: bundleSelectionSchema,
    response: bundlePlanSchema.extend({ orderIds: z.array(z.int()) }),
    errors: BUNDLE_REFUSALS,
  },
  {
    method: 'post',
    path: '/api/reserveshop/bundle/',
    tag: 'bundle',
    summary: 'Bundle the selected orders into one parcel',
    access: 'member',
    body: bundleSelectionSchema,
    idempotencyKey: true,
    success: {
      201: 'The new bundle',
      200: 'The bundle of an earlier request with the same key and orders',
    },
    response: bundleViewSchema,
    errors: {
      ...BUNDLE_REFUSALS,
      422: `${BUNDLE_REFUSALS[422]}, \`idempotency_key_reused\``,
    },
  },
  {
    method: 'get',
    path: '/api/reserveshop/bundle/{id}/',
    tag: 'bundle',
    summary: 'One bundle with its orders, shipping, saving and release day',
    access: 'member',
    params: idParamSchema,
    response: bundleViewSchema,
    errors: { 404: '`bundle_not_found`' },
  },
  {
    method: 'post',
    path: '/api/operator/bundles/{id}/ship/',
    tag: 'operator',
    summary:
      'Ship a bundle as one parcel with its carrier and tracking number: lowers and captures each card payment, grants every order its points, mails 発送のお知らせ',
    access: 'operator',
    params: idParamSchema,
    body: shipmentSchema,
    response: bundleViewSchema,
    errors: {
      400: '`invalid_json`: an unknown carrier or a tracking number not of that carrier (`tracking_number`)',
      404: '`bundle_not_found`',
      409: '`bundle_not_shippable`, `not_released`, `unpaid`',
      502: CAPTURE_FAILED,
    },
  },
  {
    method: 'get',
    path: '/api/orders/',
    tag: 'orders',
    summary: 'Order history, newest first',
    access: 'member',
    query: listQuerySchema,
    response: z.object({
      orders: z.array(orderSchema),
      total: z.int(),
      page: z.int(),
      pageSize: z.int(),
    }),
  },
  {
    method: 'get',
    path: '/api/orders/{id}/',
    tag: 'orders',
    summary: 'One order',
    access: 'member',
    params: idParamSchema,
    response: orderSchema,
    errors: { 404: "`order_not_found` (also another member's order)" },
  },
  {
    method: 'post',
    path: '/api/orders/{id}/cancel/',
    tag: 'orders',
    summary:
      'Cancel a reservation or unpaid order (stock, benefits and points come back; the card authorisation is voided)',
    access: 'member',
    params: idParamSchema,
    response: orderSchema,
    errors: {
      404: '`order_not_found`',
      409: '`order_not_cancellable`, `order_in_bundle`',
    },
  },
  {
    method: 'get',
    path: '/api/points/',
    tag: 'orders',
    summary: 'Point balance and latest ledger entries',
    access: 'member',
    response: z.object({
      balance: z.int(),
      entries: z.array(
        z.object({
          id: z.int(),
          kind: z.string(),
          amount: z.int(),
          orderId: z.int().nullable(),
          createdAt: z.iso.datetime(),
        }),
      ),
    }),
  },
  ...OPERATOR_ORDER_ACTIONS.map(
    ({ action, summary, body, errors }): RouteDoc => ({
      method: 'post',
      path: `/api/operator/orders/{id}/${action}/`,
      tag: 'operator',
      summary,
      access: 'operator',
      params: idParamSchema,
      ...(body === undefined ? {} : { body }),
      response: orderSchema,
      errors: { 404: '`order_not_found`', ...errors },
    }),
  ),
  {
    method: 'post',
    path: '/api/operator/products/{id}/release-date/',
    tag: 'operator',
    summary:
      'Change a release date (発売延期): recorded for the delay list, open reservations move',
    access: 'operator',
    params: idParamSchema,
    body: releaseDateSchema,
    response: z.object({
      productId: z.int(),
      previousDate: z.iso.date().nullable(),
      previousPrecision: z.enum(RELEASE_DATE_PRECISIONS),
      newDate: z.iso
        .date()
        .meta({ description: 'A month part or a month is stored as its first day' }),
      newPrecision: z.enum(RELEASE_DATE_PRECISIONS),
      ordersUpdated: z.int(),
    }),
    errors: {
      404: '`product_not_found`',
      409: '`release_date_unchanged` (the same date and precision again; nothing recorded)',
    },
  },
];
