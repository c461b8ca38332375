import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { type MypageData, MypageSummary } from '../../features/mypage/components/mypage-summary';
import type { PageProps } from '../route-chunks';

export default function MypageRoute({ data }: PageProps<MemberData<MypageData>>) {
  return (
    <MemberGate title={ROUTES.mypage.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.mypage.title}>
          <MypageSummary page={page} />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
