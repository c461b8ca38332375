import { ROUTES } from '@shop/rules';
import { type PageLoader, staticPage } from '../page-loaders';

export const loader: PageLoader = staticPage(
  ROUTES.faq.title,
  '予約・特典・送料・お支払いなど、よくあるご質問にお答えします。',
);
