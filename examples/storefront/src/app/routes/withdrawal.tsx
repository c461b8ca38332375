import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { WithdrawalForm } from '../../features/withdrawal/components/withdrawal-form';
import type { WithdrawalCheck } from '../../types/account';
import type { PageProps } from '../route-chunks';

export default function WithdrawalRoute({
  data,
}: PageProps<MemberData<{ check: WithdrawalCheck }>>) {
  return (
    <MemberGate title={ROUTES.withdrawal.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.withdrawal.title}>
          <WithdrawalForm check={page.check} />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
