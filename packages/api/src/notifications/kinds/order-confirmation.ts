import {
  DELIVERY_TIME_SLOTS,
  formatJstDate,
  formatReleaseDate,
  formatYen,
  formatYenTaxIncluded,
  ORDER_STATE_LABELS,
  paymentMethod,
  routePath,
  shippingMethod,
} from '@shop/rules';
import { getOrder, type OrderView } from '../../services/orders';
import type { Block } from '../layout';
import type { Composer } from './composer';
import { instructionsTable } from './order-lifecycle';

/** 「2026年12月下旬発売予定」, or what ships now. */
function shipmentTitle(order: OrderView): string {
  if (!order.isReservation || order.releaseDate === null) return '在庫商品（順次発送）';
  return `予約商品 ${formatReleaseDate({
    date: order.releaseDate,
    precision: order.releaseDatePrecision ?? 'day',
  })}`;
}

function orderBlocks(order: OrderView): Block[] {
  const slot = DELIVERY_TIME_SLOTS.find((s) => s.value === order.deliveryTimeSlot);
  const rows: [string, string][] = order.items.map((item) => [
    `${item.title}${item.variationName ? `（${item.variationName}）` : ''}`,
    `${item.unitPrice === null ? '価格未定' : formatYen(item.unitPrice)} × ${item.quantity}`,
  ]);
  if (order.pricePending) {
    // No amount is known yet: 価格決定のお知らせ brings them (docs/catalog-mail.md, "価格決定").
    rows.push(['お支払い金額', PRICE_PENDING_NOTE]);
  } else {
    amountRows(order, rows);
  }
  rows.push([
    'お支払い方法',
    paymentMethod(order.paymentMethod)?.verboseName ?? order.paymentMethod,
  ]);
  rows.push([
    '配送方法',
    shippingMethod(order.shippingMethod)?.verboseName ?? order.shippingMethod,
  ]);
  if (slot !== undefined && slot.value !== 'unspecified') rows.push(['お届け時間帯', slot.label]);
  if (order.pointsToGrant > 0) rows.push(['獲得予定ポイント', `${order.pointsToGrant}pt`]);
  rows.push([
    '状態',
    order.pricePending
      ? `${ORDER_STATE_LABELS[order.state]}（価格未定）`
      : ORDER_STATE_LABELS[order.state],
  ]);
  const blocks: Block[] = [
    { type: 'heading', text: `ご注文番号 ${order.id}　${shipmentTitle(order)}` },
    { type: 'table', rows },
  ];
  // Paid by transfer: where to pay, as the order keeps it (a reservation's due date follows its
  // release, docs/lifecycle.md).
  if (order.paymentInstructions !== null && order.paidAt === null) {
    blocks.push(instructionsTable(order.paymentInstructions));
    if (order.paymentInstructions.dueDate === null) {
      blocks.push({
        type: 'paragraph',
        text: 'お振込み期限は、発売後に「ご入金のお願い」メールでお知らせします。',
      });
    }
  }
  if (order.benefits.length > 0) {
    blocks.push({
      type: 'paragraph',
      text: `特典: ${order.benefits.map((b) => `${b.title} × ${b.quantity}`).join('、')}`,
    });
  }
  return blocks;
}

/** What a 価格未定 order says where its amount would be. */
export const PRICE_PENDING_NOTE =
  '価格未定（価格決定後にお知らせします。その時点でご注文をキャンセルすることもできます）';

/** The amounts of a priced order, as the confirmation and 価格決定のお知らせ print them. */
export function amountRows(order: OrderView, rows: [string, string][]): void {
  rows.push(['小計', formatYen(order.subtotal)]);
  rows.push(['送料', formatYen(order.shippingFee)]);
  if (order.paymentFee > 0) {
    rows.push([
      paymentMethod(order.paymentMethod)?.feeTitle ?? '手数料',
      formatYen(order.paymentFee),
    ]);
  }
  if (order.pointsUsed > 0) rows.push(['ポイント利用', `-${formatYen(order.pointsUsed)}`]);
  rows.push(['お支払い金額', formatYenTaxIncluded(order.amountDue)]);
}

/**
 * ご注文確認: every order one checkout made (one per shipment), read when the mail is sent. The
 * orders' lines and amounts never change after the checkout (but for a 価格未定 order priced in
 * between, whose amounts the mail then shows), so what the mail shows is what the member
 * ordered; reading them then keeps the checkout's transaction to one small insert.
 */
export const composeOrderConfirmation: Composer<'order_confirmation'> = async (
  { deps, recipient, url },
  { orderIds },
) => {
  const orders: OrderView[] = [];
  for (const id of orderIds) orders.push(await getOrder(deps, recipient.memberId, id));
  const [first] = orders;
  if (first === undefined) return null;
  const reservation = orders.some((o) => o.isReservation);
  return {
    subject: `【本の店】ご注文ありがとうございます（ご注文番号 ${orders.map((o) => o.id).join('・')}）`,
    blocks: [
      { type: 'paragraph', text: `${recipient.name || 'お客'} 様` },
      {
        type: 'paragraph',
        text:
          `本の店をご利用いただきありがとうございます。${formatJstDate(first.placedAt)}に以下のご注文を承りました。` +
          'このメールの送信をもって売買契約が成立します（利用規約第3条）。' +
          (orders.length > 1 ? '\n発送の時期ごとに分けてご注文を作成しています。' : '') +
          (reservation
            ? '\n予約商品は発売後にお届けします。発売日が変わった場合はメールでお知らせします。'
            : ''),
      },
      ...orders.flatMap(orderBlocks),
      { type: 'link', label: '注文履歴を見る', href: url(routePath('orderHistory')) },
    ],
  };
};
