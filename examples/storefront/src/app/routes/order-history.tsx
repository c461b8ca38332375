import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { OrderHistory, type OrderPage } from '../../features/mypage/components/order-history';
import type { PageProps } from '../route-chunks';

// The chunk the page's first render in the browser waits for (route-chunks.ts, `ready`).
export { preloadOrderCard as ready } from '../../features/mypage/components/order-card-lazy';

export default function OrderHistoryRoute({ data, href }: PageProps<MemberData<OrderPage>>) {
  return (
    <MemberGate title={ROUTES.orderHistory.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.orderHistory.title}>
          <OrderHistory page={page} href={href} />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
