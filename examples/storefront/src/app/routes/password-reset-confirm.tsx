import { ROUTES } from '@shop/rules';
import { PasswordResetConfirmForm } from '../../features/account-mail/components/password-reset-forms';
import { mailedLinkRoute } from '../mailed-link-route';

export default mailedLinkRoute(ROUTES.passwordResetConfirm.title, PasswordResetConfirmForm);
