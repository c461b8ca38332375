import { type PaymentMethodName, paymentDueDate, paymentMethod } from '@shop/rules';
import type { PayeeConfig } from '../../config/commerce';

/** How to pay a bank transfer (virtual account) or Yucho order. */
export type PaymentInstructions =
  | {
      kind: 'bank_transfer';
      bankName: string;
      branchName: string;
      accountType: '普通';
      accountNumber: string;
      accountHolder: string;
      amount: number;
      dueDate: string;
    }
  | {
      kind: 'yucho';
      symbol: string;
      number: string;
      accountHolder: string;
      amount: number;
      dueDate: string;
    };

/** Where to send the money of an order paid before shipping (the method's `instructions`). */
export function instructionsFor(
  payee: PayeeConfig,
  payment: PaymentMethodName,
  orderId: number,
  amount: number,
  now: Date,
): PaymentInstructions | null {
  const method = paymentMethod(payment);
  const due = paymentDueDate(now, method, amount);
  // A due date means a method paid before shipping; the second test tells the compiler so.
  if (due === null || !method.paidBeforeShipping) return null;
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
        amount,
        dueDate: due,
      };
    case 'yucho':
      return {
        kind: 'yucho',
        symbol: payee.yuchoSymbol,
        number: payee.yuchoNumber,
        accountHolder: payee.accountHolder,
        amount,
        dueDate: due,
      };
    default:
      return instructions satisfies never;
  }
}
