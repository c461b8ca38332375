import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { type BundleChoice, BundleChooser } from '../../features/bundle/components/bundle-chooser';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import type { PageProps } from '../route-chunks';

export default function BundleRoute({ data, params }: PageProps<MemberData<BundleChoice>>) {
  return (
    <MemberGate title={ROUTES.bundle.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.bundle.title}>
          <BundleChooser page={page} orderId={Number(params.id)} />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
