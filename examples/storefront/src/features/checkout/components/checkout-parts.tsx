import { formatYenTaxIncluded, type PaymentMethodName, paymentMethod } from '@shop/rules';
import { useEffect, useRef } from 'react';

// What both steps of /checkout need at once: the step list, what a payment asks for, yen. The
// totals are checkout-totals.tsx.

export const yen = formatYenTaxIncluded;

export type Step = 'input' | 'confirm';

/** What the input step asks for with a payment method: a card to charge, points to spend. */
export function paymentInputs(payment: PaymentMethodName): { card: boolean; points: boolean } {
  const { settlement } = paymentMethod(payment);
  switch (settlement) {
    case 'card':
      return { card: true, points: true };
    case 'transfer':
    case 'on_delivery':
      return { card: false, points: true };
    case 'points':
      // The points pay the whole amount: there is nothing left to spend others on.
      return { card: false, points: false };
    default:
      return settlement satisfies never;
  }
}

let stepChosen = false;

/**
 * Says that the shopper moves to the other step with a button of this one: the button goes with
 * its step, and the focus would fall back to the document's start (a keyboard user's next Tab
 * at the skip link, a screen reader silent about the new step). The next step's list takes it.
 */
export function focusNextStep(): void {
  stepChosen = true;
}

export function Steps({ step }: { step: Step }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!stepChosen) return;
    stepChosen = false;
    list.current?.focus();
  }, []);
  return (
    <ol ref={list} tabIndex={-1} className="steps" aria-label="ご注文の手順">
      <li>カート</li>
      <li aria-current={step === 'input' ? 'step' : undefined}>お届け・お支払い</li>
      <li aria-current={step === 'confirm' ? 'step' : undefined}>ご注文内容の確認</li>
      <li>完了</li>
    </ol>
  );
}
