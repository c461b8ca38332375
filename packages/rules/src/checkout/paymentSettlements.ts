/**
 * How a payment method settles: `card` (authorised at checkout, captured when the order ships),
 * `transfer` (the shopper sends the money to the shop's account before the order ships),
 * `on_delivery` (the carrier collects it at the door) or `points` (the member's points pay all of
 * it at checkout). Consumers switch over it with `satisfies never`, so a new kind fails to compile
 * wherever it must be handled.
 *
 * @example
 * PAYMENT_SETTLEMENTS; // ['card', 'transfer', 'on_delivery', 'points']
 */
export const PAYMENT_SETTLEMENTS = ['card', 'transfer', 'on_delivery', 'points'] as const;

/**
 * A way of settling a payment: see `PAYMENT_SETTLEMENTS`.
 *
 * @example
 * const settlement: PaymentSettlement = paymentMethod('yucho').settlement; // 'transfer'
 */
export type PaymentSettlement = (typeof PAYMENT_SETTLEMENTS)[number];

/**
 * The payment instructions a method paid before shipping needs on the order's completion page:
 * `bank_transfer`, a virtual account of the shop's bank for this one order; `yucho`, the shop's
 * ゆうちょ account. The API's payment instructions carry it as their `kind`.
 *
 * @example
 * PAYMENT_INSTRUCTION_KINDS; // ['bank_transfer', 'yucho']
 */
export const PAYMENT_INSTRUCTION_KINDS = ['bank_transfer', 'yucho'] as const;

/**
 * A kind of payment instructions: see `PAYMENT_INSTRUCTION_KINDS`.
 *
 * @example
 * const kind: PaymentInstructionKind = 'yucho';
 */
export type PaymentInstructionKind = (typeof PAYMENT_INSTRUCTION_KINDS)[number];
