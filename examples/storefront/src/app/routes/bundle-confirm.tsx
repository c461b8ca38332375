import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { BundleConfirm } from '../../features/bundle/components/bundle-confirm';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import type { PageProps } from '../route-chunks';

export default function BundleConfirmRoute({ data }: PageProps<MemberData<object>>) {
  return (
    <MemberGate title={ROUTES.bundleConfirm.title} data={data}>
      {() => (
        <MypageFrame title={ROUTES.bundleConfirm.title}>
          <BundleConfirm />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
