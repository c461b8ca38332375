import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.contactSent.title,
  'お問い合わせを受け付けました。',
  {
    noindex: true,
  },
);
