import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.genres.title,
  '男性向けコミック・女性向けコミック・小説・BLなど、ジャンルから商品を探せます。',
);
