/**
 * Days before an order's payment due date that its reminder (お支払い期限のお知らせ) is sent: the
 * reminder goes out on the JST day this many days before the due date (or at once when the order
 * became 入金待ち later than that), so the shopper has the weekend or a trip to the post office left.
 *
 * @example
 * PAYMENT_REMINDER_DAYS; // 2
 */
export const PAYMENT_REMINDER_DAYS = 2;
