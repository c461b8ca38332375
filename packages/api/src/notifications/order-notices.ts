import type { CarrierName } from '@shop/rules';
import type { Notice, OrderCancellationReason } from './outbox';

// The mails of an order's payment and shipping lifecycle (docs/lifecycle.md), as the change that
// causes each queues it with enqueueNotifications in its own transaction. Each dedupe key names
// the cause, so a job that finds the same order again on its next tick queues nothing more.

/** ご入金のお願い: the order became 入金待ち, due on `dueDate`. */
export function paymentRequestNotice(memberId: number, orderId: number, dueDate: string): Notice {
  return {
    kind: 'payment_request',
    to: { memberId },
    payload: { orderId, dueDate },
    dedupeKey: `payment_request:order:${orderId}`,
  };
}

/** お支払い期限のお知らせ: once per order and due date. */
export function paymentReminderNotice(memberId: number, orderId: number, dueDate: string): Notice {
  return {
    kind: 'payment_reminder',
    to: { memberId },
    payload: { orderId, dueDate },
    dedupeKey: `payment_reminder:order:${orderId}:${dueDate}`,
  };
}

/** ご入金確認のお知らせ: an order is paid once. */
export function paymentReceivedNotice(memberId: number, orderId: number): Notice {
  return {
    kind: 'payment_received',
    to: { memberId },
    payload: { orderId },
    dedupeKey: `payment_received:order:${orderId}`,
  };
}

/** ご注文キャンセルのお知らせ: an order is cancelled once. */
export function orderCancelledNotice(
  memberId: number,
  orderId: number,
  reason: OrderCancellationReason,
): Notice {
  return {
    kind: 'order_cancelled',
    to: { memberId },
    payload: { orderId, reason },
    dedupeKey: `order_cancelled:order:${orderId}`,
  };
}

/** 発送のお知らせ: one parcel (an order, or a bundle's orders) ships once. */
export function shippedNotice(
  memberId: number,
  parcel: { orderIds: number[]; bundleId: number | null },
  tracking: { carrier: CarrierName; trackingNumber: string },
): Notice {
  return {
    kind: 'shipped',
    to: { memberId },
    payload: { orderIds: parcel.orderIds, ...tracking },
    dedupeKey:
      parcel.bundleId === null
        ? `shipped:order:${parcel.orderIds[0]}`
        : `shipped:bundle:${parcel.bundleId}`,
  };
}
