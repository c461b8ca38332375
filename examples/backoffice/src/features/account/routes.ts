import { navGroup } from '../../app/admin-route';
import { PasswordPage } from './password-page';
import { TokensPage } from './tokens-page';
import { TotpPage } from './totp-page';

/** The signed-in staff member's own settings: password, two-factor login, API tokens. */
export const routes = navGroup('アカウント', [
  ['/account/password', PasswordPage, 'read', 'パスワード変更'],
  ['/account/totp', TotpPage, 'read', '2段階認証'],
  ['/account/tokens', TokensPage, 'read', 'APIトークン'],
]);
