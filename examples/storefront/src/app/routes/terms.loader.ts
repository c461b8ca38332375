import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.terms.title,
  '通信販売サービスの利用規約です。',
);
