import type { AdminRoute } from '../../app/admin-route';
import { PasswordPage } from './password-page';
import { TokensPage } from './tokens-page';
import { TotpPage } from './totp-page';

/** The signed-in staff member's own settings: password, two-factor login, API tokens. */
export const routes: AdminRoute[] = [
  {
    path: '/account/password',
    component: PasswordPage,
    permission: 'read',
    nav: { group: 'アカウント', label: 'パスワード変更' },
  },
  {
    path: '/account/totp',
    component: TotpPage,
    permission: 'read',
    nav: { group: 'アカウント', label: '2段階認証' },
  },
  {
    path: '/account/tokens',
    component: TokensPage,
    permission: 'read',
    nav: { group: 'アカウント', label: 'APIトークン' },
  },
];
