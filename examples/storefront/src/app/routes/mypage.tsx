import { ROUTES } from '@shop/rules';
import type { MailPreference } from '../../features/account-mail/api/account-mail';
import { EmailChangeForm } from '../../features/account-mail/components/email-change';
import { MailSettings } from '../../features/account-mail/components/mail-settings';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { type MypageData, MypageSummary } from '../../features/mypage/components/mypage-summary';
import type { PageProps } from '../route-chunks';

export default function MypageRoute({
  data,
}: PageProps<MemberData<MypageData & { mailPreferences: MailPreference[] }>>) {
  return (
    <MemberGate title={ROUTES.mypage.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.mypage.title}>
          <MypageSummary page={page} />
          <EmailChangeForm current={page.member?.email ?? ''} />
          <MailSettings preferences={page.mailPreferences} />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
