import {
  formatCount,
  formatJstDate,
  formatPointChange,
  formatPoints,
  POINT_ENTRY_KIND_LABELS,
  ROUTES,
} from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';
import type { MemberView, OrderView } from '../../../types/account';
import type { PointsView } from '../api/orders';
import { OrderCard } from './order-card-lazy';

export interface MypageData {
  member: MemberView | null;
  points: PointsView;
  reservations: OrderView[];
  recent: OrderView[];
  /** The orders that can ship together, by group (GET /api/reserveshop/bundle/). */
  bundleGroups: number[][];
}

/** My page's content: the member, the points and their history, open and recent orders. */
export function MypageSummary({ page }: { page: MypageData }) {
  return (
    <>
      <section className="panel" aria-labelledby="mypage-member">
        <h2 id="mypage-member">会員情報</h2>
        <p>
          {page.member?.name} 様（{page.member?.email}）
        </p>
        <p>
          {/* Kept as two text nodes: the server HTML stays as it was before this moved here. */}
          {'保有ポイント'} <span className="stat">{formatPoints(page.points.balance)}</span>
        </p>
        {page.points.nextExpiry ? (
          <p>
            ポイント有効期限 {formatJstDate(page.points.nextExpiry.date)}（
            {formatCount(page.points.nextExpiry.amount)}
            ptが期限の翌日に失効します。期限までにポイントを獲得・ご利用いただくと1年延長されます）
          </p>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="mypage-points">
        <h2 id="mypage-points">ポイント履歴</h2>
        {page.points.entries.length === 0 ? (
          <p>ポイントの履歴はまだありません。商品の発送時にポイントが付与されます。</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">日付</th>
                <th scope="col">内容</th>
                <th scope="col">ポイント</th>
              </tr>
            </thead>
            <tbody>
              {page.points.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatJstDate(entry.createdAt)}</td>
                  <td>
                    {POINT_ENTRY_KIND_LABELS[entry.kind]}
                    {entry.orderId ? `（ご注文番号 ${entry.orderId}）` : ''}
                  </td>
                  <td>{formatPointChange(entry.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="mypage-reservations">
        <h2 id="mypage-reservations">予約中のご注文（{page.reservations.length}件）</h2>
        {page.reservations.length === 0 ? (
          <p className="panel">予約中のご注文はありません。</p>
        ) : null}
        {page.reservations.map((order) => (
          <OrderCard key={order.id} order={order} bundleGroups={page.bundleGroups} />
        ))}
      </section>
      <section aria-labelledby="mypage-recent">
        <h2 id="mypage-recent">最近のご注文</h2>
        {page.recent.length === 0 ? <p className="panel">ご注文はまだありません。</p> : null}
        {page.recent.map((order) => (
          <OrderCard key={order.id} order={order} cancellable={false} />
        ))}
        <p>
          <ShopLink href={ROUTES.orderHistory.path()}>注文履歴をすべて見る</ShopLink>
        </p>
      </section>
    </>
  );
}
