import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.legal.title,
  '販売業者、所在地、販売価格、送料・手数料、支払方法、引渡時期、返品についての表記です。',
);
