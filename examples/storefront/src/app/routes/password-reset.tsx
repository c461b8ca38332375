import { ROUTES } from '@shop/rules';
import { PageSection } from '../../components/section';
import { PasswordResetRequestForm } from '../../features/account-mail/components/password-reset-forms';

export default function PasswordResetRoute() {
  return (
    <PageSection title={ROUTES.passwordReset.title}>
      <PasswordResetRequestForm />
    </PageSection>
  );
}
