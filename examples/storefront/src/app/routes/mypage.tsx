import { ROUTES } from '@shop/rules';
import { lazy, Suspense } from 'react';
import type { MailPreference } from '../../features/account-mail/api/account-mail';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import { type MypageData, MypageSummary } from '../../features/mypage/components/mypage-summary';
import type { PageProps } from '../route-chunks';

// The chunk the page's first render in the browser waits for (route-chunks.ts, `ready`).
export { preloadOrderCard as ready } from '../../features/mypage/components/order-card-lazy';

// The e-mail change and mail settings forms sit below the summary: their code loads beside the
// page's (the server renders them; the browser hydrates them as their chunk arrives), which keeps
// this route's first load under the 90 KB budget (docs/performance.md).
const EmailChangeForm = lazy(() =>
  import('../../features/account-mail/components/email-change').then((m) => ({
    default: m.EmailChangeForm,
  })),
);
const MailSettings = lazy(() =>
  import('../../features/account-mail/components/mail-settings').then((m) => ({
    default: m.MailSettings,
  })),
);

export default function MypageRoute({
  data,
}: PageProps<MemberData<MypageData & { mailPreferences: MailPreference[] }>>) {
  return (
    <MemberGate title={ROUTES.mypage.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.mypage.title}>
          <MypageSummary page={page} />
          <Suspense fallback={null}>
            <EmailChangeForm current={page.member?.email ?? ''} />
            <MailSettings preferences={page.mailPreferences} />
          </Suspense>
        </MypageFrame>
      )}
    </MemberGate>
  );
}
