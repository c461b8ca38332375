import {
  canWaitForPrice,
  isPaymentAvailable,
  PAYMENT_METHODS,
  parcelFit,
  paymentFee,
  SHIPPING_METHODS,
  type ShippingMethodName,
  type ShopPaymentMethod,
  shippingFee,
} from '@shop/rules';
import type { AppDeps } from '../../deps';
import { type Context, loadContext } from './load-context';
import { CHECKOUT_MESSAGES, PRICING_FAILURE_MESSAGES, type PricingFailureReason } from './messages';
import { isOverseas, readAddress } from './prepare';
import { priceShipments, type QuoteAmounts, type ShipmentQuote } from './price-shipments';
import type { CheckoutKind, QuoteBody } from './schemas';

export interface MethodOption {
  typeName: string;
  verboseName: string;
  available: boolean;
  /** Why not, when unavailable (a PRICING_FAILURE_MESSAGES code and its message). */
  reason: { code: string; message: string } | null;
  /** The fee summed over the shipments (shipping) or the fee of the whole checkout (payment). */
  fee: number;
}

export interface CheckoutQuote {
  shipments: ShipmentQuote[];
  shippingMethods: MethodOption[];
  paymentMethods: MethodOption[];
  pointBalance: number;
  /**
   * Some shipment holds a 価格未定 item: `totals` are those of the other shipments, and that
   * shipment's order is quoted when the shop decides the price.
   */
  pricePending: boolean;
  totals: QuoteAmounts | null;
  /** Why the chosen combination cannot be ordered, or null. */
  problem: { code: string; message: string } | null;
}

function sumQuotes(quotes: ShipmentQuote[]): QuoteAmounts {
  const sum = (f: (q: ShipmentQuote) => number) => quotes.reduce((n, q) => n + f(q), 0);
  return {
    subtotal: sum((q) => q.subtotal),
    shippingFee: sum((q) => q.shippingFee),
    paymentFee: sum((q) => q.paymentFee),
    pointsUsed: sum((q) => q.pointsUsed),
    total: sum((q) => q.total),
    pointsEarned: sum((q) => q.pointsEarned),
  };
}

/** A rules failure as the quote shows it: its code and the shopper's message. */
function problemOf(reason: PricingFailureReason): { code: string; message: string } {
  return { code: reason, message: PRICING_FAILURE_MESSAGES[reason] };
}

/** A shipping or payment method as the quote lists it: available unless there is a `reason`. */
function methodOption(
  method: { typeName: string; verboseName: string },
  reason: MethodOption['reason'],
  fee: number,
): MethodOption {
  return {
    typeName: method.typeName,
    verboseName: method.verboseName,
    available: reason === null,
    reason,
    fee,
  };
}

/**
 * Why the member's points cannot pay with this method, or null: a method settled by points
 * needs a balance that covers every shipment.
 */
function balanceProblem(
  method: ShopPaymentMethod,
  context: Context,
  shipping: ShippingMethodName,
  global: boolean,
): MethodOption['reason'] {
  switch (method.settlement) {
    case 'points': {
      const priced = priceShipments(
        context.shipments,
        shipping,
        method.typeName,
        0,
        context.balance,
        global,
      );
      return priced.ok ? null : problemOf(priced.reason);
    }
    case 'card':
    case 'transfer':
    case 'on_delivery':
      return null;
    default:
      return method.settlement satisfies never;
  }
}

/**
 * The quote screen: every shipping and payment method with its availability (and the reason
 * when unavailable) and fee for these shipments, and the priced shipments for the chosen pair.
 * With an overseas `addressId` every fee and availability is the overseas one (`global`).
 */
export async function quoteCheckout(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  body: QuoteBody,
): Promise<CheckoutQuote> {
  const context = await loadContext(deps, kind, memberId, body.items, 'report');
  const global =
    body.addressId !== undefined && isOverseas(await readAddress(deps, memberId, body.addressId));
  const shipping = body.shippingMethod ?? 'home_delivery';
  // The fees shown per method are those of the shipments with a price: a 価格未定 shipment's
  // fees are known only when the shop decides its price.
  const subtotals = context.shipments
    .filter((s) => !s.pricePending)
    .map((s) => s.lines.reduce((n, l) => n + (l.unitPrice ?? 0) * l.quantity, 0));
  const shippingMethods = SHIPPING_METHODS.map((method) => {
    let fee = 0;
    let reason: MethodOption['reason'] = null;
    for (const [index, subtotal] of subtotals.entries()) {
      const result = shippingFee(method, subtotal, { global });
      if (result.ok) fee += result.fee;
      else reason ??= problemOf(result.reason);
      const fit = parcelFit(method, context.shipments[index]?.lines ?? []);
      if (!fit.ok) reason ??= problemOf(fit.reason);
    }
    return methodOption(method, reason, fee);
  });
  const pending = context.shipments.some((s) => s.pricePending);
  const paymentMethods = PAYMENT_METHODS.map((method) => {
    const availability = isPaymentAvailable(method, { shipping, global });
    let reason: MethodOption['reason'] = availability.ok ? null : problemOf(availability.reason);
    if (reason === null && pending && !canWaitForPrice(method)) {
      reason = problemOf('payment_cannot_wait_for_price');
    }
    if (reason === null) reason = balanceProblem(method, context, shipping, global);
    const fee = subtotals.reduce((n, subtotal) => n + paymentFee(method, subtotal), 0);
    return methodOption(method, reason, fee);
  });
  const priced = priceShipments(
    context.shipments,
    shipping,
    body.paymentMethod ?? 'credit_card',
    body.usePoints ?? 0,
    context.balance,
    global,
  );
  // Short stock is a problem of the quote, not an error: the shopper sees the priced cart with
  // the short lines marked and fixes the quantities there (confirm still refuses with 409).
  const short = context.lines.some((l) => l.stock < l.quantity);
  return {
    shipments: priced.ok ? priced.quotes : [],
    shippingMethods,
    paymentMethods,
    pointBalance: context.balance,
    pricePending: pending,
    totals: priced.ok ? sumQuotes(priced.quotes) : null,
    problem: short
      ? { code: 'out_of_stock', message: CHECKOUT_MESSAGES.lineOutOfStock }
      : priced.ok
        ? null
        : problemOf(priced.reason),
  };
}
