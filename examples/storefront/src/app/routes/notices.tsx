import { ROUTES } from '@shop/rules';
import { Pagination } from '../../components/pagination';
import type { NoticePage } from '../../features/account-mail/api/account-mail';
import { NoticeList } from '../../features/account-mail/components/notice-list';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import type { PageProps } from '../route-chunks';

export default function NoticesRoute({ data }: PageProps<MemberData<{ page: NoticePage }>>) {
  return (
    <MemberGate title={ROUTES.notices.title} data={data}>
      {({ page }) => (
        <MypageFrame title={ROUTES.notices.title}>
          <NoticeList page={page} />
          <Pagination
            page={page.page}
            perPage={20}
            total={page.totalPages * 20}
            hrefFor={(n) => `${ROUTES.notices.path()}?page=${n}`}
          />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
