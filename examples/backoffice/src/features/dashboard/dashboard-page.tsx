import { formatJstDate, formatYen } from '@shop/rules';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LoadError, Loading, PageHeader } from '../../components/page';
import { api } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { useQuery } from '../../lib/use-query';

/** GET dashboard/: the figures of the shop's day (JST). */
interface Dashboard {
  today: string;
  orders: { count: number; sales: number };
  awaitingPayment: { count: number; overdue: number };
  toShipToday: number;
  reservationsOpening: {
    today: number;
    thisWeek: number;
    items: { productId: number; title: string; at: string }[];
  };
  notifications: { failing: number; dead: number };
  lowStock: {
    count: number;
    items: {
      productId: number;
      title: string;
      variationId: number;
      variationName: string;
      stock: number;
    }[];
  };
}

function Card({
  title,
  value,
  note,
  href,
  alert = false,
}: {
  title: string;
  value: string;
  note?: ReactNode;
  href?: string;
  alert?: boolean;
}) {
  return (
    <section className={`card${alert ? ' card-alert' : ''}`}>
      <h2>{title}</h2>
      <p className="card-value">{href ? <Link href={href}>{value}</Link> : value}</p>
      {note ? <p className="card-note">{note}</p> : null}
    </section>
  );
}

/**
 * ダッシュボード: today's orders and sales, what waits for payment (and is past due), what is to
 * ship today, reservations opening, mails that failed, editions running low. Each figure links
 * to the list it counts where there is one.
 */
export function DashboardPage() {
  const state = useQuery('dashboard', () => api.get<Dashboard>('dashboard/'));
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} />;
  const d = state.data;
  return (
    <>
      <PageHeader title={`ダッシュボード（${formatJstDate(d.today)}）`} />
      <div className="cards">
        <Card
          title="本日の注文"
          value={`${d.orders.count}件`}
          note={`売上 ${formatYen(d.orders.sales)}（キャンセルを除く）`}
          href={`/orders?placedFrom=${d.today}&placedTo=${d.today}`}
        />
        <Card
          title="入金待ち"
          value={`${d.awaitingPayment.count}件`}
          note={
            d.awaitingPayment.overdue > 0 ? (
              <Link href="/orders?state=awaiting_payment&overdue=1">
                うち期限切れ {d.awaitingPayment.overdue}件
              </Link>
            ) : (
              '期限切れはありません'
            )
          }
          href="/orders?state=awaiting_payment"
          alert={d.awaitingPayment.overdue > 0}
        />
        <Card
          title="本日発送"
          value={`${d.toShipToday}件`}
          note="発売日を迎えた発送準備中の注文"
          href="/orders?state=preparing"
        />
        <Card
          title="予約受付開始"
          value={`本日 ${d.reservationsOpening.today}件`}
          note={`今後7日間 ${d.reservationsOpening.thisWeek}件`}
        />
        <Card
          title="送信できなかったメール"
          value={`${d.notifications.dead}件`}
          note={
            <Link href="/notifications?state=failing">再試行中 {d.notifications.failing}件</Link>
          }
          href="/notifications?state=dead"
          alert={d.notifications.dead > 0}
        />
        <Card title="在庫わずか" value={`${d.lowStock.count}件`} alert={d.lowStock.count > 0} />
      </div>
      {d.reservationsOpening.items.length > 0 ? (
        <section className="panel">
          <h2>予約受付が始まる商品</h2>
          <ul>
            {d.reservationsOpening.items.map((item) => (
              <li key={item.productId}>
                {jstDateTime(item.at)} {item.title}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {d.lowStock.items.length > 0 ? (
        <section className="panel">
          <h2>在庫わずかの商品</h2>
          <ul>
            {d.lowStock.items.map((item) => (
              <li key={item.variationId}>
                {item.title}（{item.variationName}）残り{item.stock}点
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
