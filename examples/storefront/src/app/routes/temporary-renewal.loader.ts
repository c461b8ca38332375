import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.temporaryRenewal.title,
  'サイトリニューアルの主な変更点をご案内します。',
);
