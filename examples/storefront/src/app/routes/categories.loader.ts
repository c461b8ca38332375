import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.categories.title,
  'コミック・小説・雑誌など、カテゴリから商品を探せます。',
);
