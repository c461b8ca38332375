import { ROUTES } from '@shop/rules';
import { PasswordResetRequestForm } from '../../features/account-mail/components/password-reset-forms';

export default function PasswordResetRoute() {
  return (
    <section>
      <h1 className="page-title">{ROUTES.passwordReset.title}</h1>
      <PasswordResetRequestForm />
    </section>
  );
}
