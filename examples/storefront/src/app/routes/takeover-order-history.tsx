import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { LegacyOrderList } from '../../features/takeover/components/legacy-order-list';
import type { LegacyOrderView } from '../../types/account';
import type { PageProps } from '../route-chunks';

export default function TakeoverOrderHistoryRoute({
  data,
}: PageProps<MemberData<{ linked: boolean; orders: LegacyOrderView[] }>>) {
  const title = ROUTES.takeoverOrderHistory.title;
  return (
    <MemberGate title={title} data={data}>
      {(page) => (
        <MypageFrame title={title}>
          <LegacyOrderList page={page} />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
