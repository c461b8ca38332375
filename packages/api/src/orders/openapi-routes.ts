import { z } from 'zod';
import { idParamSchema } from '../accounts/params';
import { ORDER_STATES } from '../db/schema/orders';
import type { RouteDoc } from '../openapi';
import { bundleSelectionSchema } from '../services/bundles';
import { confirmBodySchema, quoteBodySchema } from '../services/checkout';

// The orders endpoints for the OpenAPI document: request schemas are the ones the routes
// validate with; response schemas describe what the services return.

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
      sellStartDate: z.string().nullable(),
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
      releaseDate: z.string().nullable(),
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

const confirmResultSchema = z.object({
  checkoutId: z.int(),
  orders: z.array(
    z.object({
      id: z.int(),
      state: z.enum(ORDER_STATES),
      isReservation: z.boolean(),
      releaseDate: z.string().nullable(),
      subtotal: z.int(),
      shippingFee: z.int(),
      paymentFee: z.int(),
      pointsUsed: z.int(),
      total: z.int(),
      pointsToGrant: z.int(),
      benefits: z.array(z.object({ benefitId: z.int(), title: z.string(), quantity: z.int() })),
      paymentInstructions: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});

const orderSchema = z.object({
  id: z.int(),
  state: z.enum(ORDER_STATES),
  placedAt: z.string(),
  isReservation: z.boolean(),
  releaseDate: z.string().nullable(),
  shippingMethod: z.string(),
  paymentMethod: z.string(),
  deliveryTimeSlot: z.string(),
  subtotal: z.int(),
  shippingFee: z.int(),
  paymentFee: z.int(),
  pointsUsed: z.int(),
  amountDue: z.int(),
  pointsToGrant: z.int(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
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
  releaseDate: z.string().nullable().meta({ description: 'The latest release day; ships then' }),
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

const bundleViewSchema = z.object({
  id: z.int(),
  state: z.enum(['open', 'shipped', 'cancelled']),
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
  shippingMethod: z.string(),
  address: addressSchema.nullable(),
  combinedSubtotal: z.int(),
  separateShippingFee: z.int(),
  shippingFee: z.int(),
  saving: z.int(),
  freeShipping: z.boolean(),
  releaseDate: z.string().nullable(),
  releasedAll: z.boolean(),
  orders: z.array(orderSchema),
});

const variationParam = z.object({ variationId: z.string() });
const addToCartSchema = z.object({ variationId: z.int(), quantity: z.int().optional() });
const quantitySchema = z.object({ quantity: z.int() });

export const ORDER_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/cart/',
    tag: 'cart',
    summary: 'The cart (member or guest session)',
    response: cartSchema,
  },
  {
    method: 'post',
    path: '/api/cart/',
    tag: 'cart',
    summary: 'Add units of a variation',
    body: addToCartSchema,
    response: cartSchema,
  },
  {
    method: 'put',
    path: '/api/cart/{variationId}/',
    tag: 'cart',
    summary: "Set a line's quantity",
    params: variationParam,
    body: quantitySchema,
    response: cartSchema,
  },
  {
    method: 'delete',
    path: '/api/cart/{variationId}/',
    tag: 'cart',
    summary: 'Remove a line',
    params: variationParam,
    response: cartSchema,
  },
  ...(['checkout', 'reserve'] as const).flatMap((kind): RouteDoc[] => [
    {
      method: 'post',
      path: `/api/reserveshop/${kind}/quote/`,
      tag: 'checkout',
      summary: `Methods, fees and points for ${kind === 'checkout' ? 'the cart' : 'the items to reserve'}`,
      body: quoteBodySchema,
      response: quoteSchema,
    },
    {
      method: 'post',
      path: `/api/reserveshop/${kind}/`,
      tag: 'checkout',
      summary: `Confirm the ${kind === 'checkout' ? 'checkout' : 'reservation'} (header Idempotency-Key: a UUID)`,
      body: confirmBodySchema,
      response: confirmResultSchema,
    },
  ]),
  {
    method: 'get',
    path: '/api/reserveshop/bundle/',
    tag: 'bundle',
    summary: "The member's bundleable orders, grouped by destination (?orderId= for one group)",
    query: z.object({ orderId: z.string().optional() }),
    response: z.object({
      orders: z.array(
        z.object({
          id: z.int(),
          state: z.enum(ORDER_STATES),
          placedAt: z.string(),
          releaseDate: z.string().nullable(),
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
  },
  {
    method: 'post',
    path: '/api/reserveshop/bundle/preview/',
    tag: 'bundle',
    summary: 'Shipping and saving of a selection (nothing is written)',
    body: bundleSelectionSchema,
    response: bundlePlanSchema.extend({ orderIds: z.array(z.int()) }),
  },
  {
    method: 'post',
    path: '/api/reserveshop/bundle/',
    tag: 'bundle',
    summary: 'Bundle the selected orders (header Idempotency-Key: a UUID); 201, or 200 on replay',
    body: bundleSelectionSchema,
    response: bundleViewSchema,
  },
  {
    method: 'get',
    path: '/api/reserveshop/bundle/{id}/',
    tag: 'bundle',
    summary: 'One bundle with its orders, shipping, saving and release day',
    params: idParamSchema,
    response: bundleViewSchema,
  },
  {
    method: 'post',
    path: '/api/operator/bundles/{id}/ship/',
    tag: 'operator',
    summary:
      'Ship a bundle as one parcel: lowers and captures each card payment, grants every order its points (Authorization: Bearer OPERATOR_TOKEN)',
    params: idParamSchema,
    response: bundleViewSchema,
  },
  {
    method: 'get',
    path: '/api/orders/',
    tag: 'orders',
    summary: 'Order history, newest first',
    query: z.object({ state: z.enum(ORDER_STATES).optional(), page: z.string().optional() }),
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
    params: idParamSchema,
    response: orderSchema,
  },
  {
    method: 'post',
    path: '/api/orders/{id}/cancel/',
    tag: 'orders',
    summary: 'Cancel a reservation or unpaid order',
    params: idParamSchema,
    response: orderSchema,
  },
  {
    method: 'get',
    path: '/api/points/',
    tag: 'orders',
    summary: 'Point balance and latest ledger entries',
    response: z.object({
      balance: z.int(),
      entries: z.array(
        z.object({
          id: z.int(),
          kind: z.string(),
          amount: z.int(),
          orderId: z.int().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
  },
  ...(
    [
      ['ship', 'Ship an order (captures its card payment, grants its points)'],
      ['payment-received', 'Record a bank transfer or Yucho payment'],
      ['cancel', 'Cancel an order before shipment'],
    ] as const
  ).map(
    ([action, summary]): RouteDoc => ({
      method: 'post',
      path: `/api/operator/orders/{id}/${action}/`,
      tag: 'operator',
      summary: `${summary} (Authorization: Bearer OPERATOR_TOKEN)`,
      params: idParamSchema,
      response: orderSchema,
    }),
  ),
  {
    method: 'post',
    path: '/api/operator/products/{id}/release-date/',
    tag: 'operator',
    summary:
      'Change a release date (発売延期), recorded for the delay list (Authorization: Bearer OPERATOR_TOKEN)',
    params: idParamSchema,
    body: z.object({ releaseDate: z.string(), reason: z.string().optional() }),
    response: z.object({
      productId: z.int(),
      previousDate: z.string().nullable(),
      newDate: z.string(),
      ordersUpdated: z.int(),
    }),
  },
];
