import { ROUTES } from '@shop/rules';
import { staticPage } from '../page-loaders';

export const loader = staticPage(
  ROUTES.passwordReset.title,
  'パスワードをお忘れの方は、ご登録のメールアドレスに再設定用のリンクをお送りします。',
  { noindex: true },
);
