import { type FavoriteContentType, ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { FavoriteList } from '../../features/favorites/components/favorite-list';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import type { FavoriteView } from '../../types/account';
import type { PageProps } from '../route-chunks';

export interface FavoritePage {
  contentType: FavoriteContentType;
  total: number;
  page: number;
  pageSize: number;
  items: FavoriteView[];
}

export default function FavoriteRoute({ data }: PageProps<MemberData<FavoritePage>>) {
  return (
    <MemberGate title={ROUTES.favorite.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.favorite.title}>
          <FavoriteList
            key={`${page.contentType}-${page.page}`}
            contentType={page.contentType}
            items={page.items}
            total={page.total}
            page={page.page}
            pageSize={page.pageSize}
          />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
