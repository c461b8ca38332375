import { ROUTES } from '@shop/rules';
import { mailedLinkPage } from '../page-loaders';

/** The mailed link's token; the API checks it when the form is sent. */
export const loader = mailedLinkPage(
  ROUTES.passwordResetConfirm.title,
  '新しいパスワードを設定します。',
);
