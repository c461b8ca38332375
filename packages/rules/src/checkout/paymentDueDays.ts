/**
 * Days a bank transfer (銀行振込) or ゆうちょ order waits for its money: it is due by the JST day
 * this many days after the order was placed, the date its payment instructions print. The shop's
 * terms of sale state the same number.
 *
 * @example
 * PAYMENT_DUE_DAYS; // 7
 * `ご注文から${PAYMENT_DUE_DAYS}日以内にお振込みください。`; // 'ご注文から7日以内にお振込みください。'
 */
export const PAYMENT_DUE_DAYS = 7;
