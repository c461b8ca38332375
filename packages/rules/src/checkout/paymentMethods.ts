import type { PaymentMethod } from '../schemas/paymentMethod';
import { PAYMENT_DUE_DAYS } from './paymentDueDays';
import type { PaymentInstructionKind, PaymentSettlement } from './paymentSettlements';

/**
 * The machine names of the payment methods, in the order checkout lists them.
 *
 * @example
 * PAYMENT_METHOD_NAMES[0]; // 'credit_card'
 */
export const PAYMENT_METHOD_NAMES = [
  'credit_card',
  'bank_transfer',
  'yucho',
  'cash_on_delivery',
  'full_points',
] as const;

/**
 * A payment method's machine name, e.g. `'credit_card'` or `'cash_on_delivery'`.
 *
 * @example
 * const name: PaymentMethodName = 'full_points';
 */
export type PaymentMethodName = (typeof PAYMENT_METHOD_NAMES)[number];

/**
 * When a payment method's money comes in: a method `paidBeforeShipping` makes its orders wait
 * (入金待ち) until the money arrives, due `dueDays` JST days after the order, and needs
 * `instructions` telling the shopper where to send it; any other method's orders wait for no
 * money (a card is captured and cash collected when the order ships, points pay at checkout).
 *
 * @example
 * const timing: PaymentTiming = { paidBeforeShipping: true, dueDays: 7, instructions: 'yucho' };
 */
export type PaymentTiming =
  | { paidBeforeShipping: true; dueDays: number; instructions: PaymentInstructionKind }
  | { paidBeforeShipping: false; dueDays: null; instructions: null };

/**
 * A payment method of this shop: a `PaymentMethod` whose `typeName` is a known name, with the
 * behaviour the shop's code switches on: how it `settlement`s and when its money comes in
 * (`PaymentTiming`).
 *
 * @example
 * const method: ShopPaymentMethod = paymentMethod('credit_card');
 * method.settlement; // 'card'
 */
export type ShopPaymentMethod = PaymentMethod & {
  typeName: PaymentMethodName;
  settlement: PaymentSettlement;
} & PaymentTiming;

// The field groups several methods share; each spread stands where its fields stand in a method,
// so every method keeps the spec's field order.

/** The fee fields of a method that charges no fee. */
const NO_FEE = { fee: 0, feeTitle: '', isFreeThreshold: false, freeThreshold: null } as const;

/** The timing of a method whose orders wait for no money (`PaymentTiming`). */
const NOT_PAID_BEFORE_SHIPPING = {
  paidBeforeShipping: false,
  dueDays: null,
  instructions: null,
} as const;

/**
 * A transfer to the shop's account (銀行振込, ゆうちょ): no fee, never bundled, domestic only,
 * paid before shipping within `PAYMENT_DUE_DAYS`. The two differ only in their names and in the
 * instructions that say where to send the money.
 */
const DOMESTIC_TRANSFER = {
  ...NO_FEE,
  isBundleUsable: false,
  canEconomicalShipping: true,
  canGlobalShipping: false,
  hasAttention: false,
  settlement: 'transfer',
  paidBeforeShipping: true,
  dueDays: PAYMENT_DUE_DAYS,
} as const;

/**
 * The shop's payment methods with every field of the spec (sections 3 and 9). Where the spec is
 * silent (docs/rules.md, "Checkout"): only the credit card may be bundled; bank transfers, ゆうちょ
 * and cash on delivery are domestic only; every method but cash on delivery may use ゆうパケット;
 * 全額ポイント利用 may ship overseas. Bank and ゆうちょ transfers are the methods paid before
 * shipping, due `PAYMENT_DUE_DAYS` after the order.
 *
 * @example
 * PAYMENT_METHODS.find((m) => m.typeName === 'cash_on_delivery')?.feeTitle; // '代金引換手数料'
 * PAYMENT_METHODS.filter((m) => m.paidBeforeShipping).map((m) => m.typeName); // ['bank_transfer', 'yucho']
 */
export const PAYMENT_METHODS: readonly ShopPaymentMethod[] = [
  {
    typeName: 'credit_card',
    verboseName: 'クレジットカード',
    ...NO_FEE,
    isBundleUsable: true,
    canEconomicalShipping: true,
    canGlobalShipping: true,
    hasAttention: true,
    settlement: 'card',
    ...NOT_PAID_BEFORE_SHIPPING,
  },
  {
    typeName: 'bank_transfer',
    verboseName: '銀行振込（バーチャル口座）',
    ...DOMESTIC_TRANSFER,
    instructions: 'bank_transfer',
  },
  {
    typeName: 'yucho',
    verboseName: 'ゆうちょ銀行振込',
    ...DOMESTIC_TRANSFER,
    instructions: 'yucho',
  },
  {
    typeName: 'cash_on_delivery',
    verboseName: '代金引換',
    fee: 330,
    feeTitle: '代金引換手数料',
    isFreeThreshold: true,
    freeThreshold: 10000,
    isBundleUsable: false,
    canEconomicalShipping: false,
    canGlobalShipping: false,
    hasAttention: false,
    settlement: 'on_delivery',
    ...NOT_PAID_BEFORE_SHIPPING,
  },
  {
    typeName: 'full_points',
    verboseName: '全額ポイント利用',
    ...NO_FEE,
    isBundleUsable: false,
    canEconomicalShipping: true,
    canGlobalShipping: true,
    hasAttention: true,
    settlement: 'points',
    ...NOT_PAID_BEFORE_SHIPPING,
  },
];
