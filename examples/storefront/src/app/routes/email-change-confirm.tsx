import { ROUTES } from '@shop/rules';
import { EmailChangeConfirm } from '../../features/account-mail/components/email-change';
import type { PageProps } from '../route-chunks';

export default function EmailChangeConfirmRoute({ data }: PageProps<{ token: string }>) {
  return (
    <section>
      <h1 className="page-title">{ROUTES.emailChangeConfirm.title}</h1>
      <EmailChangeConfirm token={data.token} />
    </section>
  );
}
