import type { Release } from '@shop/rules';
import type { OrderState } from '../../db/schema/orders';
import type { PaymentInstructions } from './instructions';

/** What a successful confirm answers (and what a retry with the same key replays). */
export interface ConfirmResult {
  checkoutId: number;
  orders: (Release & {
    id: number;
    state: OrderState;
    isReservation: boolean;
    /** Holds a 価格未定 item: the amounts are 0 until the price is decided. */
    pricePending: boolean;
    subtotal: number;
    shippingFee: number;
    paymentFee: number;
    pointsUsed: number;
    total: number;
    pointsToGrant: number;
    benefits: { benefitId: number; title: string; quantity: number }[];
    paymentInstructions: PaymentInstructions | null;
  })[];
}
