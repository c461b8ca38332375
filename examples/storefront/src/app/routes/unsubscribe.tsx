import { ROUTES } from '@shop/rules';
import type { UnsubscribeLink } from '../../features/account-mail/api/account-mail';
import { UnsubscribeConfirm } from '../../features/account-mail/components/unsubscribe-confirm';
import type { PageProps } from '../route-chunks';

export default function UnsubscribeRoute({
  data,
}: PageProps<{ token: string; link: UnsubscribeLink | null }>) {
  return (
    <section>
      <h1 className="page-title">{ROUTES.unsubscribe.title}</h1>
      <UnsubscribeConfirm token={data.token} link={data.link} />
    </section>
  );
}
