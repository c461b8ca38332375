import { ROUTES } from '@shop/rules';
import { PasswordResetConfirmForm } from '../../features/account-mail/components/password-reset-forms';
import type { PageProps } from '../route-chunks';

export default function PasswordResetConfirmRoute({ data }: PageProps<{ token: string }>) {
  return (
    <section>
      <h1 className="page-title">{ROUTES.passwordResetConfirm.title}</h1>
      <PasswordResetConfirmForm token={data.token} />
    </section>
  );
}
