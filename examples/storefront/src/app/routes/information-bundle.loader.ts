import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.informationBundle.title,
  '複数のご注文をまとめてお届けし、送料が一度で済むおまとめ配送のご案内です。',
);
