import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.information.title,
  'ご注文の流れ、送料、お支払い方法、ポイントについてご案内します。',
);
