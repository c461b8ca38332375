import { ROUTES } from '@shop/rules';
import { EmailChangeConfirm } from '../../features/account-mail/components/email-change';
import { mailedLinkRoute } from '../mailed-link-route';

export default mailedLinkRoute(ROUTES.emailChangeConfirm.title, EmailChangeConfirm);
