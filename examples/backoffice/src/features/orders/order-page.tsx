import {
  CARRIERS,
  DELIVERY_TIME_SLOTS,
  formatJstDate,
  formatYen,
  orderStateLabel,
  paymentMethod,
  shippingMethod,
  trackingUrl,
} from '@shop/rules';
import { Link, useParams, useSearch } from 'wouter';
import { DataTable } from '../../components/data-table';
import { LoadError, Loading, PageHeader } from '../../components/page';
import { auditColumns, mailColumns } from '../../components/shared-columns';
import { Badge, OrderStateBadge } from '../../components/status-badge';
import { api } from '../../lib/api';
import { jstDateTime, releaseText } from '../../lib/format';
import { useQuery } from '../../lib/use-query';
import type { Address, OrderDetail, OrderView } from './types';

/** A card payment's states (order_card_payments). */
const CARD_STATES: Record<string, string> = {
  pending: '処理中',
  authorized: '与信済み',
  captured: '売上確定',
  voided: '取消',
  failed: '失敗',
};

const slotLabel = (slot: string) =>
  DELIVERY_TIME_SLOTS.find((s) => s.value === slot)?.label ?? slot;
const unitPriceText = (price: number | null) => (price === null ? '価格未定' : formatYen(price));

function addressLines(address: Address): string[] {
  return [
    `〒${address.postalCode}`,
    `${address.prefecture}${address.city}${address.street}`,
    address.building,
    `${address.lastName} ${address.firstName} 様`,
    `電話 ${address.phone}`,
  ].filter(Boolean);
}

function Amounts({ order }: { order: OrderView }) {
  const rows: [string, string][] = [
    ['小計', order.pricePending ? '価格未定' : formatYen(order.subtotal)],
    ['送料', formatYen(order.shippingFee)],
    ['手数料', formatYen(order.paymentFee)],
    ['ポイント利用', order.pointsUsed > 0 ? `-${order.pointsUsed}pt` : '0pt'],
    ['お支払い金額', order.pricePending ? '価格未定' : formatYen(order.amountDue)],
  ];
  return (
    <dl className="amounts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Items({ order, withPrices }: { order: OrderView; withPrices: boolean }) {
  return (
    <DataTable
      caption="商品"
      rows={order.items}
      rowKey={(item) => String(item.variationId)}
      columns={[
        { header: '商品', cell: (item) => item.title },
        { header: '種別', cell: (item) => item.variationName },
        { header: '数量', cell: (item) => `${item.quantity}`, numeric: true },
        ...(withPrices
          ? [
              {
                header: '単価',
                cell: (item: OrderView['items'][number]) => unitPriceText(item.unitPrice),
                numeric: true,
              },
              {
                header: '金額',
                cell: (item: OrderView['items'][number]) =>
                  item.unitPrice === null ? '価格未定' : formatYen(item.unitPrice * item.quantity),
                numeric: true,
              },
            ]
          : [{ header: '確認', cell: () => '□' }]),
      ]}
    />
  );
}

/**
 * A packing slip (梱包票: what goes in the parcel, no prices) or 納品書 (the delivery note with
 * amounts), one A4 sheet: the print stylesheet hides the navigation and the buttons.
 */
function PrintSheet({ detail, kind }: { detail: OrderDetail; kind: 'slip' | 'invoice' }) {
  const { order } = detail;
  return (
    <article className="print-sheet" aria-label={kind === 'slip' ? '梱包票' : '納品書'}>
      <header className="print-head">
        <h1>{kind === 'slip' ? '梱包票' : '納品書'}</h1>
        <p>
          ご注文番号 {detail.number}　ご注文日 {formatJstDate(order.placedAt)}
        </p>
      </header>
      <section className="print-address">
        <h2>お届け先</h2>
        {addressLines(detail.address).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      <Items order={order} withPrices={kind === 'invoice'} />
      {order.benefits.length > 0 ? (
        <p>
          特典：
          {order.benefits.map((b) => `${b.title}×${b.quantity}`).join('、')}
        </p>
      ) : null}
      {kind === 'invoice' ? (
        <>
          <Amounts order={order} />
          <p>
            お支払い方法：{paymentMethod(order.paymentMethod)?.verboseName ?? order.paymentMethod}
          </p>
          <p className="print-note">このたびはご注文いただき、誠にありがとうございます。</p>
        </>
      ) : (
        <p>
          配送方法：{shippingMethod(order.shippingMethod)?.verboseName ?? order.shippingMethod}
          　お届け時間帯：{slotLabel(order.deliveryTimeSlot)}
        </p>
      )}
    </article>
  );
}

/**
 * One order (注文詳細): its items, amounts, payment, delivery, state history, mails and audit
 * entries, with the packing slip and 納品書 to print (`?print=slip|invoice`).
 */
export function OrderPage() {
  const { id } = useParams<{ id: string }>();
  const print = new URLSearchParams(useSearch()).get('print');
  const detail = useQuery(`order-${id}`, () => api.get<OrderDetail>(`orders/${id}/`));

  if (detail.status === 'loading') return <Loading />;
  if (detail.status === 'error') return <LoadError error={detail.error} onRetry={detail.reload} />;
  const data = detail.data;
  const { order, payment } = data;

  if (print === 'slip' || print === 'invoice') {
    return (
      <>
        <div className="no-print print-toolbar">
          <Link href={`/orders/${id}`}>← 注文詳細に戻る</Link>
          <button type="button" className="button-primary" onClick={() => window.print()}>
            印刷する
          </button>
        </div>
        <PrintSheet detail={data} kind={print} />
      </>
    );
  }

  const tracking = order.tracking;
  return (
    <>
      <PageHeader
        title={`注文 ${data.number}`}
        actions={
          <>
            <Link className="button-like" href={`/orders/${id}?print=slip`}>
              梱包票を印刷
            </Link>
            <Link className="button-like" href={`/orders/${id}?print=invoice`}>
              納品書を印刷
            </Link>
          </>
        }
      />
      <div className="detail-grid">
        <section className="panel">
          <h2>注文情報</h2>
          <dl className="facts">
            <dt>状態</dt>
            <dd>
              <OrderStateBadge state={order.state} />
              {order.pricePending ? <Badge tone="warn">価格未定</Badge> : null}
            </dd>
            <dt>注文日時</dt>
            <dd>{jstDateTime(order.placedAt)}</dd>
            <dt>発売日</dt>
            <dd>{releaseText(order.releaseDate, order.releaseDatePrecision)}</dd>
            <dt>配送方法</dt>
            <dd>
              {shippingMethod(order.shippingMethod)?.verboseName ?? order.shippingMethod}（
              {slotLabel(order.deliveryTimeSlot)}）
            </dd>
            <dt>おまとめ</dt>
            <dd>{order.bundleId === null ? 'なし' : `おまとめ ${order.bundleId}`}</dd>
          </dl>
        </section>
        <section className="panel">
          <h2>お客様・お届け先</h2>
          <p>
            {data.member.name}（会員ID {data.member.id}）{data.member.email ?? ''}
            {data.member.withdrawn ? <Badge tone="neutral">退会済み</Badge> : null}
          </p>
          {addressLines(data.address).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
        <section className="panel">
          <h2>お支払い</h2>
          <dl className="facts">
            <dt>支払方法</dt>
            <dd>{paymentMethod(payment.method)?.verboseName ?? payment.method}</dd>
            <dt>入金期限</dt>
            <dd>
              {payment.dueDate ? formatJstDate(payment.dueDate) : '—'}
              {payment.overdue ? <Badge tone="error">期限切れ</Badge> : null}
            </dd>
            <dt>入金日時</dt>
            <dd>{jstDateTime(payment.paidAt)}</dd>
            {payment.cards.map((card) => (
              <div key={card.id}>
                <dt>カード決済</dt>
                <dd>
                  {formatYen(card.amount)}（{CARD_STATES[card.status] ?? card.status}）
                </dd>
              </div>
            ))}
          </dl>
          <Amounts order={order} />
        </section>
        <section className="panel">
          <h2>配送</h2>
          {tracking ? (
            <p>
              {CARRIERS[tracking.carrier].label} 追跡番号{' '}
              <a
                href={tracking.url ?? trackingUrl(tracking.carrier, tracking.trackingNumber) ?? '#'}
                target="_blank"
                rel="noreferrer"
              >
                {tracking.trackingNumber}
              </a>
              （{jstDateTime(order.shippedAt)} 発送）
            </p>
          ) : (
            <p>未発送</p>
          )}
        </section>
      </div>
      <Items order={order} withPrices />
      <h2>状態の履歴</h2>
      <DataTable
        caption="状態の履歴"
        rows={data.history}
        rowKey={(h) => `${h.at}-${h.toState}`}
        columns={[
          { header: '日時', cell: (h) => jstDateTime(h.at) },
          {
            header: '変更',
            cell: (h) =>
              `${h.fromState ? orderStateLabel(h.fromState) : '（新規）'} → ${orderStateLabel(h.toState)}`,
          },
          { header: '操作した人', cell: (h) => h.actor },
          { header: 'メモ', cell: (h) => h.note || '—' },
        ]}
      />
      <h2>メール</h2>
      <DataTable
        caption="この注文のメール"
        rows={data.mails}
        rowKey={(m) => String(m.id)}
        empty="メールはありません。"
        columns={[
          ...mailColumns<(typeof data.mails)[number]>(),
          { header: '作成', cell: (m) => jstDateTime(m.createdAt) },
          { header: '送信', cell: (m) => jstDateTime(m.sentAt) },
        ]}
      />
      <h2>監査ログ</h2>
      <DataTable
        caption="この注文へのスタッフの操作"
        rows={data.audit}
        rowKey={(a) => String(a.id)}
        empty="スタッフの操作はありません。"
        columns={auditColumns()}
      />
    </>
  );
}
