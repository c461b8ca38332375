import { ORDER_STATES, orderStateLabel, ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../components/member-gate';
import { ShopLink } from '../../components/shop-link';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { OrderCard } from '../../features/mypage/components/order-card';
import type { OrderView } from '../../types/account';
import type { PageProps } from '../route-chunks';

interface OrderPage {
  orders: OrderView[];
  total: number;
  page: number;
  pageSize: number;
}

export default function OrderHistoryRoute({ data, href }: PageProps<MemberData<OrderPage>>) {
  const state = new URL(href, 'http://x.invalid').searchParams.get('state');
  const base = ROUTES.orderHistory.path();
  return (
    <MemberGate title={ROUTES.orderHistory.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.orderHistory.title}>
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
          <p>{page.total}件のご注文</p>
          {page.orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
          {page.orders.length >= 2 ? (
            <p>
              <ShopLink href={ROUTES.bundle.path({ id: 'new' })} className="button button-outline">
                おまとめ配送を申し込む
              </ShopLink>
            </p>
          ) : null}
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
        </MypageFrame>
      )}
    </MemberGate>
  );
}
