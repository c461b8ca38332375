import { isPaidBeforeShipping, type PaymentMethodName, paymentMethod } from '@shop/rules';
import type { PayeeConfig } from '../../config/commerce';
import type { PaymentAccount } from '../../db/schema/orders';

/**
 * How to pay a bank transfer (virtual account) or Yucho order: the account stored with the order,
 * the amount and the last day. `dueDate` is null while a reservation waits for its release (予約中):
 * it is set when the order becomes 入金待ち (docs/lifecycle.md).
 */
export type PaymentInstructions = PaymentAccount & { amount: number; dueDate: string | null };

/**
 * Where the money of an order paid before shipping goes (the method's `instructions`), or null
 * for an order that waits for no money.
 */
export function paymentAccountFor(
  payee: PayeeConfig,
  payment: PaymentMethodName,
  orderId: number,
  amount: number,
): PaymentAccount | null {
  const method = paymentMethod(payment);
  // The second test tells the compiler the method has instructions.
  if (!isPaidBeforeShipping(method, amount) || !method.paidBeforeShipping) return null;
  const { instructions } = method;
  switch (instructions) {
    case 'bank_transfer':
      // A virtual account per order: the bank tells the shop which order the money is for.
      return {
        kind: 'bank_transfer',
        bankName: payee.bankName,
        branchName: payee.branchName,
        accountType: '普通',
        accountNumber: String(payee.virtualAccountBase + (orderId % 1_000_000)).padStart(7, '0'),
        accountHolder: payee.accountHolder,
      };
    case 'yucho':
      return {
        kind: 'yucho',
        symbol: payee.yuchoSymbol,
        number: payee.yuchoNumber,
        accountHolder: payee.accountHolder,
      };
    default:
      return instructions satisfies never;
  }
}

/** The instructions of a stored order: its account, amount and due date (null: none to pay). */
export function instructionsOf(order: {
  paymentAccount: PaymentAccount | null;
  amountDue: number;
  paymentDueDate: string | null;
}): PaymentInstructions | null {
  if (order.paymentAccount === null) return null;
  return { ...order.paymentAccount, amount: order.amountDue, dueDate: order.paymentDueDate };
}
