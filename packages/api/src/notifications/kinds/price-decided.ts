import { formatJstDate, formatYen, routePath } from '@shop/rules';
import { getOrder, type OrderView } from '../../services/orders';
import { postponementCancelToken } from '../../services/postponement-cancel';
import type { Block } from '../layout';
import { signingKey } from '../unsubscribe';
import type { Composer } from './composer';
import { amountRows } from './order-confirmation';

function itemRows(order: OrderView): [string, string][] {
  return order.items.map((item) => [
    `${item.title}${item.variationName ? `（${item.variationName}）` : ''}`,
    `${item.unitPrice === null ? '価格未定' : formatYen(item.unitPrice)} × ${item.quantity}`,
  ]);
}

/**
 * 価格決定のお知らせ, read when sent: for `priced`, each order's lines and new totals (quoted with
 * the checkout's pricing, services/price-decision.ts), the last day to cancel free and a
 * one-step signed cancellation link per order (the same link and page as 発売延期のお知らせ,
 * services/postponement-cancel.ts); for `card_failed`, that the card was refused when the
 * price was decided and the order is cancelled. Orders gone or not the member's are left out.
 */
export const composePriceDecided: Composer<'price_decided'> = async (
  { deps, recipient, url },
  payload,
) => {
  if (recipient.memberId === null) return null;
  const memberId = recipient.memberId;
  const orders: OrderView[] = [];
  for (const id of payload.orderIds) {
    const order = await getOrder(deps, memberId, id).catch(() => null);
    if (order !== null) orders.push(order);
  }
  if (orders.length === 0) return null;
  const ids = orders.map((o) => o.id).join('・');
  const greeting: Block = { type: 'paragraph', text: `${recipient.name || 'お客'} 様` };
  const history: Block = {
    type: 'link',
    label: '注文履歴を見る',
    href: url(routePath('orderHistory')),
  };
  switch (payload.outcome) {
    case 'card_failed':
      return {
        subject: `【本の店】価格決定のお知らせ（ご注文番号 ${ids} はキャンセルになりました）`,
        blocks: [
          greeting,
          {
            type: 'paragraph',
            text:
              'ご予約の価格未定の商品の価格が決まりましたが、ご登録のクレジットカードで決済の承認が得られなかったため、' +
              '下記のご注文をキャンセルいたしました。キャンセル料はかかりません。引き続きご希望の場合は、お手数ですが改めてご注文ください。',
          },
          ...orders.flatMap((order): Block[] => [
            { type: 'heading', text: `ご注文番号 ${order.id}` },
            { type: 'table', rows: itemRows(order) },
          ]),
          history,
        ],
      };
    case 'priced': {
      const key = await signingKey(deps.db);
      const deadline = formatJstDate(payload.cancelDeadline);
      return {
        subject: `【本の店】価格決定のお知らせ（ご注文番号 ${ids}）`,
        blocks: [
          greeting,
          {
            type: 'paragraph',
            text:
              'ご予約いただいている価格未定の商品の価格が決まりました。お支払い金額は以下のとおりです。' +
              `価格をご確認のうえ、ご予約を取り消される場合は${deadline}までに下記のリンクからキャンセル料なしでキャンセルいただけます。`,
          },
          ...orders.flatMap((order): Block[] => {
            const rows = itemRows(order);
            amountRows(order, rows);
            return [
              { type: 'heading', text: `ご注文番号 ${order.id}` },
              { type: 'table', rows },
              {
                type: 'link',
                label: `ご注文番号 ${order.id} を無料でキャンセルする`,
                href: url(
                  `${routePath('reservationCancel')}?token=${postponementCancelToken(key, memberId, order.id)}`,
                ),
              },
            ];
          }),
          history,
        ],
      };
    }
    default:
      return payload satisfies never;
  }
};
