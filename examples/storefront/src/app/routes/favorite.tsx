import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../components/member-gate';
import { FavoriteList } from '../../features/favorites/components/favorite-list';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import type { FavoriteView } from '../../types/account';
import type { PageProps } from '../route-chunks';

export interface FavoritePage {
  contentType: 'product' | 'intellectualproperty' | 'author';
  total: number;
  items: FavoriteView[];
}

export default function FavoriteRoute({ data }: PageProps<MemberData<FavoritePage>>) {
  return (
    <MemberGate title={ROUTES.favorite.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.favorite.title}>
          <FavoriteList
            key={page.contentType}
            contentType={page.contentType}
            items={page.items}
            total={page.total}
          />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
