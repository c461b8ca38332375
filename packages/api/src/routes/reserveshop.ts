import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { confirmResultSchema, quoteSchema } from '../schemas/orders';
import { confirmCheckout } from '../services/checkout/confirm';
import { CHECKOUT_MESSAGES } from '../services/checkout/messages';
import { quoteCheckout } from '../services/checkout/quote';
import {
  type CheckoutKind,
  confirmBodySchema,
  idempotencyKeySchema,
  quoteBodySchema,
} from '../services/checkout/schemas';
import { ServiceError } from '../services/service-error';
import { bundleRoutes } from './bundle';

/** The Idempotency-Key header of a confirm: a UUID, required. */
function idempotencyKey(header: string | undefined): string {
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success)
    throw new ApiError(400, 'invalid_idempotency_key', CHECKOUT_MESSAGES.keyMissing);
  return parsed.data.toLowerCase();
}

/** What a quote or a confirm refuses, for both kinds. */
const CHECKOUT_REFUSALS = {
  400: '`items_not_allowed` (checkout takes the cart), `card_required`, `card_not_allowed`',
  403: '`adult_only`: adult-only items need a member of 18 or over',
  404: '`variation_not_found`, `address_not_found`, `saved_card_not_found`',
  409: '`out_of_stock`, `not_reservable`, `not_available`, `checkout_in_progress` (a concurrent duplicate), `price_decided` (a 価格未定 item was priced during the checkout: quote again)',
  422: '`empty_cart`, `price_undecided` (a 価格未定 item that is not a reservation), `payment_cannot_wait_for_price` (全額ポイント利用 with a 価格未定 reservation), `saved_card_required` (a 価格未定 reservation by card takes a saved card), `not_enough_points`, `payment_not_available_for_…` (@shop/rules CHECKOUT_FAILURE_MESSAGES), `parcel_too_large` (ゆうパケット: a shipment over 3 cm or 1 kg), `shipping_not_available_overseas` / `payment_not_available_overseas` (an overseas address: 宅配便 paid by card or points only), `not_a_reservation`, `time_slot_not_available`, `invalid_card`, `idempotency_key_reused`',
} as const;

/**
 * One confirm flow: POST /quote/ (methods, fees and points for the cart or the items) and
 * POST / (confirm, with an Idempotency-Key header).
 */
function checkoutRoutes(deps: AppDeps, kind: CheckoutKind) {
  return new Hono()
    .post(
      '/quote/',
      documented({
        tag: 'checkout',
        summary: `Methods, fees and points for ${kind === 'checkout' ? 'the cart' : 'the items to reserve'} (nothing is written)`,
        access: 'member',
        response: quoteSchema,
        errors: {
          400: CHECKOUT_REFUSALS[400],
          404: '`variation_not_found`, `address_not_found` (the `addressId` to price for)',
          422: '`empty_cart`',
        },
      }),
      memberOnly,
      validate('json', quoteBodySchema),
      async (c) => {
        return c.json(await quoteCheckout(deps, kind, requireMember(c), c.req.valid('json')));
      },
    )
    .post(
      '/',
      documented({
        tag: 'checkout',
        summary: `Confirm the ${kind === 'checkout' ? 'checkout of the cart' : 'reservation of the items'}: one order per shipment`,
        access: 'member',
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
      }),
      memberOnly,
      validate('json', confirmBodySchema),
      async (c) => {
        const key = idempotencyKey(c.req.header('idempotency-key'));
        let result: Awaited<ReturnType<typeof confirmCheckout>>;
        try {
          result = await confirmCheckout(deps, kind, requireMember(c), key, c.req.valid('json'));
        } catch (error) {
          if (error instanceof ServiceError || error instanceof ApiError) {
            deps.metrics?.recordCheckout(kind, { outcome: 'refused', reason: error.code });
          }
          throw error;
        }
        // A replay repeats the answer of an earlier confirm with this key: no second order.
        deps.metrics?.recordCheckout(kind, { outcome: result.replayed ? 'replayed' : 'confirmed' });
        return c.json(result.body, result.status === 200 ? 200 : 201);
      },
    );
}

/**
 * /api/reserveshop/: checkout of the cart (/checkout/), direct reservation of unreleased items
 * (/reserve/) and bundled shipping (/bundle/).
 */
export function reserveShopRoutes(deps: AppDeps) {
  return new Hono()
    .route('/checkout/', checkoutRoutes(deps, 'checkout'))
    .route('/reserve/', checkoutRoutes(deps, 'reserve'))
    .route('/bundle/', bundleRoutes(deps));
}
