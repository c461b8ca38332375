import { ORDER_STATES, orderStateLabel, ROUTES } from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';
import type { OrderView } from '../../../types/account';
import { OrderCard } from './order-card-lazy';

export interface OrderPage {
  orders: OrderView[];
  total: number;
  page: number;
  pageSize: number;
  /** The orders that can ship together, by group (GET /api/reserveshop/bundle/). */
  bundleGroups: number[][];
}

/** Where おまとめ配送 starts: each group of orders the API would bundle, by its first order. */
function BundleOffers({ groups }: { groups: number[][] }) {
  if (groups.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="bundle-offers">
      <h2 id="bundle-offers">おまとめ配送</h2>
      <p>同じお届け先・配送方法のご注文は、1つの荷物にまとめて送料を節約できます。</p>
      <ul>
        {groups.map((ids) => (
          <li key={ids.join('-')}>
            ご注文番号 {ids.join('・')}{' '}
            <ShopLink
              href={ROUTES.bundle.path({ id: String(ids[0]) })}
              className="button button-outline button-small"
              prefetch={false}
            >
              おまとめ配送を申し込む
              <span className="visually-hidden">（ご注文番号 {ids.join('・')}）</span>
            </ShopLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The order history: filter tabs by state, the bundle offers, the orders and their pages. */
export function OrderHistory({ page, href }: { page: OrderPage; href: string }) {
  const state = new URL(href, 'http://x.invalid').searchParams.get('state');
  const base = ROUTES.orderHistory.path();
  return (
    <>
      <ul className="tabs" aria-label="状態で絞り込む">
        <li>
          <ShopLink href={base} aria-current={state ? undefined : 'page'}>
            すべて
          </ShopLink>
        </li>
        {ORDER_STATES.map((value) => (
          <li key={value}>
            <ShopLink
              href={`${base}?state=${value}`}
              aria-current={state === value ? 'page' : undefined}
            >
              {orderStateLabel(value)}
            </ShopLink>
          </li>
        ))}
      </ul>
      <BundleOffers groups={page.bundleGroups} />
      <p>{page.total}件のご注文</p>
      {page.orders.map((order) => (
        <OrderCard key={order.id} order={order} bundleGroups={page.bundleGroups} />
      ))}
      <p className="pagination-simple">
        {page.page > 1 ? (
          <ShopLink href={`${base}?page=${page.page - 1}${state ? `&state=${state}` : ''}`}>
            前のページ
          </ShopLink>
        ) : null}{' '}
        {page.page * page.pageSize < page.total ? (
          <ShopLink href={`${base}?page=${page.page + 1}${state ? `&state=${state}` : ''}`}>
            次のページ
          </ShopLink>
        ) : null}
      </p>
    </>
  );
}
