import {
  CARRIERS,
  formatJstDate,
  formatYenTaxIncluded,
  ORDER_STATE_LABELS,
  paymentMethod,
  routePath,
} from '@shop/rules';
import type { PaymentInstructions } from '../../services/checkout/instructions';
import { getOrder, type OrderView } from '../../services/orders';
import type { Block } from '../layout';
import type { OrderCancellationReason } from '../outbox';
import type { ComposeContext, Composer } from './composer';

// The mails of an order's payment and shipping lifecycle (docs/lifecycle.md). Each reads the
// order when it is sent and says nothing (null: skipped) once what it would ask or announce is no
// longer true: a payment request for an order paid or cancelled meanwhile is not sent.

/** The account rows of each kind of instructions (@shop/rules PAYMENT_INSTRUCTION_KINDS). */
function payeeRows(info: PaymentInstructions): [string, string][] {
  switch (info.kind) {
    case 'bank_transfer':
      return [
        ['振込先', `${info.bankName} ${info.branchName} ${info.accountType} ${info.accountNumber}`],
      ];
    case 'yucho':
      return [['振込先（ゆうちょ銀行）', `記号 ${info.symbol} 番号 ${info.number}`]];
    default:
      return info satisfies never;
  }
}

/** Where, how much and by when: the order's stored instructions. */
export function instructionsTable(info: PaymentInstructions): Block {
  return {
    type: 'table',
    rows: [
      ...payeeRows(info),
      ['口座名義', info.accountHolder],
      ['お振込み金額', formatYenTaxIncluded(info.amount)],
      ...(info.dueDate === null
        ? []
        : ([['お振込み期限', formatJstDate(info.dueDate)]] as [string, string][])),
    ],
  };
}

function greeting(name: string): Block {
  return { type: 'paragraph', text: `${name || 'お客'} 様` };
}

function orderLink(url: ComposeContext['url']): Block {
  return { type: 'link', label: '注文履歴を見る', href: url(routePath('orderHistory')) };
}

function itemsText(order: OrderView): string {
  return order.items
    .map((i) => `${i.title}${i.variationName ? `（${i.variationName}）` : ''} × ${i.quantity}`)
    .join('\n');
}

/** The order if it still waits for its money with this due date, else null (nothing to ask). */
async function waitingOrder(
  { deps, recipient }: ComposeContext,
  orderId: number,
  dueDate: string,
): Promise<(OrderView & { paymentInstructions: PaymentInstructions }) | null> {
  const order = await getOrder(deps, recipient.memberId, orderId);
  const info = order.paymentInstructions;
  if (order.state !== 'awaiting_payment' || order.paidAt !== null) return null;
  if (info === null || info.dueDate !== dueDate) return null;
  return { ...order, paymentInstructions: info };
}

/** ご入金のお願い: the order became 入金待ち (at checkout, or at its release). */
export const composePaymentRequest: Composer<'payment_request'> = async (context, payload) => {
  const order = await waitingOrder(context, payload.orderId, payload.dueDate);
  if (order === null) return null;
  const method = paymentMethod(order.paymentMethod)?.verboseName ?? order.paymentMethod;
  return {
    subject: `【本の店】ご入金のお願い（ご注文番号 ${order.id}）`,
    blocks: [
      greeting(context.recipient.name),
      {
        type: 'paragraph',
        text:
          `ご注文番号 ${order.id} のお支払い（${method}）をお待ちしております。` +
          `${formatJstDate(payload.dueDate)}までに下記の口座へお振込みください。` +
          '\n期限までにご入金が確認できない場合、ご注文は自動的にキャンセルとなります。' +
          '\n振込手数料はお客様のご負担となります。',
      },
      instructionsTable(order.paymentInstructions),
      { type: 'paragraph', text: itemsText(order) },
      orderLink(context.url),
    ],
  };
};

/** お支払い期限のお知らせ: the due date is near and the money is not in. */
export const composePaymentReminder: Composer<'payment_reminder'> = async (context, payload) => {
  const order = await waitingOrder(context, payload.orderId, payload.dueDate);
  if (order === null) return null;
  return {
    subject: `【本の店】お支払い期限が近づいています（ご注文番号 ${order.id}）`,
    blocks: [
      greeting(context.recipient.name),
      {
        type: 'paragraph',
        text:
          `ご注文番号 ${order.id} のご入金がまだ確認できておりません。` +
          `お支払い期限は${formatJstDate(payload.dueDate)}です。` +
          '\n期限を過ぎるとご注文は自動的にキャンセルとなります。行き違いでお振込み済みの場合はご容赦ください。',
      },
      instructionsTable(order.paymentInstructions),
      orderLink(context.url),
    ],
  };
};

/** ご入金確認のお知らせ: the operator recorded the transfer. */
export const composePaymentReceived: Composer<'payment_received'> = async (
  { deps, recipient, url },
  { orderId },
) => {
  const order = await getOrder(deps, recipient.memberId, orderId);
  if (order.paidAt === null) return null;
  return {
    subject: `【本の店】ご入金を確認しました（ご注文番号 ${order.id}）`,
    blocks: [
      greeting(recipient.name),
      {
        type: 'paragraph',
        text:
          `ご注文番号 ${order.id} のご入金（${formatYenTaxIncluded(order.amountDue)}）を${formatJstDate(order.paidAt)}に確認しました。ありがとうございます。` +
          (order.state === 'reserved'
            ? '\n予約商品は発売後に発送いたします。'
            : '\n発送の準備が整いしだい、発送のお知らせをお送りします。'),
      },
      { type: 'table', rows: [['状態', ORDER_STATE_LABELS[order.state]]] },
      orderLink(url),
    ],
  };
};

const CANCELLATION_TEXTS = {
  member: 'お客様のご依頼により、以下のご注文をキャンセルいたしました。',
  operator: '当店にて、以下のご注文をキャンセルいたしました。ご不明な点はお問い合わせください。',
  payment_overdue:
    'お支払い期限までにご入金が確認できなかったため、以下のご注文を自動的にキャンセルいたしました。',
} as const satisfies Record<OrderCancellationReason, string>;

/** ご注文キャンセルのお知らせ, with what was given back. */
export const composeOrderCancelled: Composer<'order_cancelled'> = async (
  { deps, recipient, url },
  { orderId, reason },
) => {
  const order = await getOrder(deps, recipient.memberId, orderId);
  if (order.state !== 'cancelled') return null;
  const rows: [string, string][] = [
    ['ご注文番号', String(order.id)],
    ['ご注文日', formatJstDate(order.placedAt)],
  ];
  if (order.pointsUsed > 0) rows.push(['返還ポイント', `${order.pointsUsed}pt`]);
  return {
    subject: `【本の店】ご注文キャンセルのお知らせ（ご注文番号 ${order.id}）`,
    blocks: [
      greeting(recipient.name),
      { type: 'paragraph', text: CANCELLATION_TEXTS[reason] },
      { type: 'table', rows },
      { type: 'paragraph', text: itemsText(order) },
      ...(order.paymentMethod === 'credit_card'
        ? [{ type: 'paragraph', text: 'クレジットカードのご請求は発生しません。' } as const]
        : []),
      orderLink(url),
    ],
  };
};

/** 発送のお知らせ: one parcel, with its carrier, tracking number and tracking page. */
export const composeShipped: Composer<'shipped'> = async (
  { deps, recipient, url },
  { orderIds, carrier, trackingNumber },
) => {
  const orders: OrderView[] = [];
  for (const id of orderIds) orders.push(await getOrder(deps, recipient.memberId, id));
  const [first] = orders;
  if (first === undefined || first.tracking === null) return null;
  const blocks: Block[] = [
    greeting(recipient.name),
    {
      type: 'paragraph',
      text: `ご注文番号 ${orderIds.join('・')} の商品を発送いたしました。お届けまでいましばらくお待ちください。`,
    },
    {
      type: 'table',
      rows: [
        ['配送業者', CARRIERS[carrier].label],
        ['お問い合わせ伝票番号', trackingNumber],
      ],
    },
  ];
  if (first.tracking.url !== null) {
    blocks.push({ type: 'link', label: '配送状況を確認する', href: first.tracking.url });
  }
  blocks.push({ type: 'paragraph', text: orders.map(itemsText).join('\n') }, orderLink(url));
  return { subject: `【本の店】発送のお知らせ（ご注文番号 ${orderIds.join('・')}）`, blocks };
};
