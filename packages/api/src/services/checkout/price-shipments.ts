import {
  canWaitForPrice,
  isPaymentAvailable,
  type PaymentMethodName,
  parcelFit,
  paymentMethod,
  type Quote,
  quote,
  type Release,
  type ShippingMethodName,
} from '@shop/rules';
import type { CartLine } from '../cart';
import { isUndecided, type Shipment } from './load-context';
import { CHECKOUT_MESSAGES, MAX_ORDER_AMOUNT, type PricingFailureReason } from './messages';

/** The amounts `quote` prices an order at, without its `ok` mark. */
export type QuoteAmounts = Omit<Quote, 'ok'>;

/** One shipment priced: its lines, and `quote`'s amounts for it alone (`total`: what it charges). */
export interface ShipmentQuote extends Release, QuoteAmounts {
  isReservation: boolean;
  /** Holds a 価格未定 item: every amount is 0 until the shop decides the price. */
  pricePending: boolean;
  lines: {
    variationId: number;
    title: string;
    variationName: string;
    quantity: number;
    /** null for a 価格未定 item. */
    unitPrice: number | null;
    /** Why this line cannot be ordered as it stands (quote only), e.g. `out_of_stock`. */
    problem: { code: string; message: string; available: number } | null;
  }[];
}

const PENDING_AMOUNTS: QuoteAmounts = {
  subtotal: 0,
  shippingFee: 0,
  paymentFee: 0,
  pointsUsed: 0,
  total: 0,
  pointsEarned: 0,
} as const;

function shipmentQuote(
  shipment: Shipment,
  amounts: QuoteAmounts,
  pricePending: boolean,
): ShipmentQuote {
  return {
    isReservation: shipment.isReservation,
    pricePending,
    releaseDate: shipment.releaseDate,
    releaseDatePrecision: shipment.releaseDatePrecision,
    lines: shipment.lines.map((l) => ({
      variationId: l.variationId,
      title: l.title,
      variationName: l.variationName,
      quantity: l.quantity,
      unitPrice: isUndecided(l) ? null : l.unitPrice,
      problem:
        l.stock < l.quantity
          ? {
              code: 'out_of_stock',
              message: CHECKOUT_MESSAGES.lineOutOfStock,
              available: Math.max(0, l.stock),
            }
          : null,
    })),
    subtotal: amounts.subtotal,
    shippingFee: amounts.shippingFee,
    paymentFee: amounts.paymentFee,
    pointsUsed: amounts.pointsUsed,
    total: amounts.total,
    pointsEarned: amounts.pointsEarned,
  };
}

function quoteLines(lines: CartLine[]) {
  return lines.map((l) => ({
    unit_price: String(l.unitPrice ?? ''),
    quantity: l.quantity,
    point_value: l.pointValue,
  }));
}

/**
 * Prices every shipment with @shop/rules `quote`. Points a member spends are taken from the
 * shipments in order; with a payment other than full points each shipment keeps at least one
 * yen to charge (the rules send a fully covered order to 全額ポイント利用). `global` prices a
 * shipment abroad (the flat overseas fee; the methods the rules refuse there fail). A shipment
 * coming to more than `maxAmount` (yen or points) fails with `order_amount_too_large`: checkout
 * refuses it; null (the price decision re-pricing an order already placed) takes any amount.
 */
export function priceShipments(
  shipments: Shipment[],
  shipping: ShippingMethodName,
  payment: PaymentMethodName,
  usePoints: number,
  balance: number,
  global = false,
  maxAmount: number | null = MAX_ORDER_AMOUNT,
): { ok: true; quotes: ShipmentQuote[] } | { ok: false; reason: PricingFailureReason } {
  const method = paymentMethod(payment);
  const { settlement } = method;
  let pointsLeft = usePoints;
  let balanceLeft = balance;
  const quotes: ShipmentQuote[] = [];
  for (const shipment of shipments) {
    // Each shipment is its own parcel: each must fit the method (ゆうパケット: 3 cm, 1 kg).
    const fit = parcelFit(shipping, shipment.lines);
    if (!fit.ok) return fit;
    if (shipment.pricePending) {
      // Nothing to price until the shop decides (services/price-decision.ts quotes it then with
      // this same function); the method must be one that can wait for the amount, and points
      // are spent on the shipments with a price only.
      if (!canWaitForPrice(method)) return { ok: false, reason: 'payment_cannot_wait_for_price' };
      const available = isPaymentAvailable(method, { shipping });
      if (!available.ok) return available;
      quotes.push(shipmentQuote(shipment, PENDING_AMOUNTS, true));
      continue;
    }
    const lines = quoteLines(shipment.lines);
    // The points asked for that this shipment spends.
    let use: number;
    switch (settlement) {
      case 'points':
        // The method spends the amount due itself, and none of the points asked for.
        use = 0;
        break;
      case 'card':
      case 'transfer':
      case 'on_delivery': {
        const base = quote({ lines, shipping, payment, global });
        if (!base.ok) return base;
        use = Math.min(pointsLeft, Math.max(0, base.total - 1));
        break;
      }
      default:
        return settlement satisfies never;
    }
    const priced = quote({
      lines,
      shipping,
      payment,
      global,
      usePoints: use,
      pointBalance: balanceLeft,
    });
    if (!priced.ok) return priced;
    if (
      maxAmount !== null &&
      Math.max(priced.subtotal, priced.total, priced.pointsEarned) > maxAmount
    ) {
      return { ok: false, reason: 'order_amount_too_large' };
    }
    pointsLeft -= use;
    balanceLeft -= priced.pointsUsed;
    quotes.push(shipmentQuote(shipment, priced, false));
  }
  if (pointsLeft > 0) return { ok: false, reason: 'points_exceed_amount_due' };
  return { ok: true, quotes };
}
