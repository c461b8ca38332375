import { assert, NON_INTEGER_YEN_MESSAGE } from '../_lib/assert';
import { safeParseUnitPrice, type UnitPriceInput } from '../schemas/parseUnitPrice';
import { MAX_LINE_QUANTITY, type QuoteFailureReason } from './checkoutFailures';
import { isPaymentAvailable } from './isPaymentAvailable';
import { paymentFee } from './paymentFee';
import { paymentMethod } from './paymentMethod';
import { shippingFee } from './shippingFee';
import { shippingMethod } from './shippingMethod';

/**
 * One line of an order: a variation's wire `unit_price`, how many, and its points per unit.
 *
 * @example
 * const line: QuoteLine = { unit_price: '1100', quantity: 2, point_value: 11 };
 */
export interface QuoteLine {
  unit_price: UnitPriceInput;
  quantity: number;
  point_value: number;
}

/**
 * What `quote` needs: the lines, the methods by `typeName`, and the member's points.
 *
 * @example
 * const input: QuoteInput = { lines: [line], shipping: 'yu_packet', payment: 'credit_card' };
 */
export interface QuoteInput {
  lines: readonly QuoteLine[];
  /** A shipping method's `typeName`; an unknown one fails with `unknown_shipping_method`. */
  shipping: string;
  /** A payment method's `typeName`; an unknown one fails with `unknown_payment_method`. */
  payment: string;
  /** Ship abroad. */
  global?: boolean;
  /** Points to spend (1 point = 1 yen); ignored with `full_points`, which spends the amount due. */
  usePoints?: number;
  /** The member's point balance, from the points ledger: a non-negative integer. */
  pointBalance?: number;
}

/**
 * The amounts of an order, in integer yen: `total` is what the payment method charges.
 *
 * @example
 * const result = quote(input);
 * if (result.ok) console.log(result.total satisfies Quote['total']);
 */
export interface Quote {
  ok: true;
  /** The goods: the sum of unit price × quantity. */
  subtotal: number;
  shippingFee: number;
  paymentFee: number;
  pointsUsed: number;
  /** subtotal + shippingFee + paymentFee − pointsUsed. */
  total: number;
  /** Points granted when the order ships: the sum of point_value × quantity. */
  pointsEarned: number;
}

/**
 * A quote, or the reason the order cannot be placed (messages: `CHECKOUT_FAILURE_MESSAGES`).
 *
 * @example
 * const result: QuoteResult = quote(input);
 * const message = result.ok ? null : CHECKOUT_FAILURE_MESSAGES[result.reason];
 */
export type QuoteResult = Quote | { ok: false; reason: QuoteFailureReason };

function fail(reason: QuoteFailureReason): QuoteResult {
  return { ok: false, reason };
}

/**
 * Prices an order the way the server charges it. The shipping and payment fees are computed on
 * the goods subtotal (so points never push an order back below the free-shipping threshold);
 * points may pay any part of the amount due, fees included, up to the balance, but paying all of
 * it is what 全額ポイント利用 (`full_points`, the method settled by `points`) is for: it spends
 * exactly the amount due (total 0) and needs a balance that covers it. Points earned do not
 * depend on points spent. `pointBalance` that is not a non-negative integer throws a TypeError
 * (it comes from the ledger, so that is a programmer error); everything a shopper sends fails
 * with a reason.
 *
 * @example
 * quote({
 *   lines: [{ unit_price: '1100', quantity: 2, point_value: 11 }],
 *   shipping: 'home_delivery',
 *   payment: 'cash_on_delivery',
 *   usePoints: 100,
 *   pointBalance: 500,
 * });
 * // { ok: true, subtotal: 2200, shippingFee: 510, paymentFee: 330, pointsUsed: 100,
 * //   total: 2940, pointsEarned: 22 }
 */
export function quote(input: QuoteInput): QuoteResult {
  const { lines, global = false, usePoints = 0, pointBalance = 0 } = input;
  assert(Number.isSafeInteger(pointBalance) && pointBalance >= 0, NON_INTEGER_YEN_MESSAGE);
  if (lines.length === 0) return fail('empty_cart');
  let subtotal = 0;
  let pointsEarned = 0;
  for (const line of lines) {
    const { quantity, point_value } = line;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
      return fail('invalid_quantity');
    }
    const price = safeParseUnitPrice(line.unit_price);
    if (!price.ok) return fail('invalid_unit_price');
    if (price.yen === null || price.yen === 0) return fail('price_undecided');
    if (!Number.isSafeInteger(point_value) || point_value < 0) return fail('invalid_point_value');
    subtotal += price.yen * quantity;
    pointsEarned += point_value * quantity;
  }
  const shipping = shippingMethod(input.shipping);
  if (shipping === null) return fail('unknown_shipping_method');
  const payment = paymentMethod(input.payment);
  if (payment === null) return fail('unknown_payment_method');
  const available = isPaymentAvailable(payment, { shipping, global });
  if (!available.ok) return fail(available.reason);
  const shipped = shippingFee(shipping, subtotal, { global });
  if (!shipped.ok) return fail(shipped.reason);
  const fee = paymentFee(payment, subtotal);
  const due = subtotal + shipped.fee + fee;
  let pointsUsed: number;
  switch (payment.settlement) {
    case 'points':
      if (pointBalance < due) return fail('not_enough_points');
      pointsUsed = due;
      break;
    case 'card':
    case 'transfer':
    case 'on_delivery':
      if (!Number.isSafeInteger(usePoints) || usePoints < 0) return fail('invalid_points');
      if (usePoints > pointBalance) return fail('not_enough_points');
      if (usePoints > due) return fail('points_exceed_amount_due');
      if (usePoints === due) return fail('points_cover_total');
      pointsUsed = usePoints;
      break;
    default:
      return payment.settlement satisfies never;
  }
  return {
    ok: true,
    subtotal,
    shippingFee: shipped.fee,
    paymentFee: fee,
    pointsUsed,
    total: due - pointsUsed,
    pointsEarned,
  };
}
