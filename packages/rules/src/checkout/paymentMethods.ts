import type { PaymentMethod } from '../schemas/paymentMethod';

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
 * A payment method of this shop: a `PaymentMethod` whose `typeName` is a known name.
 *
 * @example
 * const method: ShopPaymentMethod = paymentMethod('credit_card');
 */
export type ShopPaymentMethod = PaymentMethod & { typeName: PaymentMethodName };

/**
 * The shop's payment methods with every field of the spec (sections 3 and 9). Where the spec is
 * silent (docs/rules.md, "Checkout"): only the credit card may be bundled; bank transfers, ゆうちょ
 * and cash on delivery are domestic only; every method but cash on delivery may use ゆうパケット;
 * 全額ポイント利用 may ship overseas.
 *
 * @example
 * PAYMENT_METHODS.find((m) => m.typeName === 'cash_on_delivery')?.feeTitle; // '代金引換手数料'
 */
export const PAYMENT_METHODS: readonly ShopPaymentMethod[] = [
  {
    typeName: 'credit_card',
    verboseName: 'クレジットカード',
    fee: 0,
    feeTitle: '',
    isFreeThreshold: false,
    freeThreshold: null,
    isBundleUsable: true,
    canEconomicalShipping: true,
    canGlobalShipping: true,
    hasAttention: true,
  },
  {
    typeName: 'bank_transfer',
    verboseName: '銀行振込（バーチャル口座）',
    fee: 0,
    feeTitle: '',
    isFreeThreshold: false,
    freeThreshold: null,
    isBundleUsable: false,
    canEconomicalShipping: true,
    canGlobalShipping: false,
    hasAttention: false,
  },
  {
    typeName: 'yucho',
    verboseName: 'ゆうちょ銀行振込',
    fee: 0,
    feeTitle: '',
    isFreeThreshold: false,
    freeThreshold: null,
    isBundleUsable: false,
    canEconomicalShipping: true,
    canGlobalShipping: false,
    hasAttention: false,
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
  },
  {
    typeName: 'full_points',
    verboseName: '全額ポイント利用',
    fee: 0,
    feeTitle: '',
    isFreeThreshold: false,
    freeThreshold: null,
    isBundleUsable: false,
    canEconomicalShipping: true,
    canGlobalShipping: true,
    hasAttention: true,
  },
];
