import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { TakeoverForm } from '../../features/takeover/components/takeover-form';
import type { TakeoverStatus } from '../../types/account';
import type { PageProps } from '../route-chunks';

export default function TakeoverRoute({ data }: PageProps<MemberData<{ status: TakeoverStatus }>>) {
  return (
    <MemberGate title={ROUTES.takeover.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.takeover.title}>
          <TakeoverForm initial={page.status} />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
