import { ROUTES } from '@shop/rules';
import { mailedLinkPage } from '../page-loaders';

/** The mailed link's token; the page's button sends it. */
export const loader = mailedLinkPage(
  ROUTES.emailChangeConfirm.title,
  'メールアドレスの変更を完了します。',
);
