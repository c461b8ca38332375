import { type FavoriteContentType, ROUTES } from '@shop/rules';
import { getFavorites } from '../../features/favorites/api/get-favorites';
import { memberPage, type PageLoader, pageParam } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.favoriteContent.title, 'お気に入り', (c) =>
  getFavorites(c.api, c.params.contentType as FavoriteContentType, pageParam(c.search)),
);
