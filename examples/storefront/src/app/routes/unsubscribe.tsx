import { ROUTES } from '@shop/rules';
import { PageSection } from '../../components/section';
import type { UnsubscribeLink } from '../../features/account-mail/api/account-mail';
import { UnsubscribeConfirm } from '../../features/account-mail/components/unsubscribe-confirm';
import type { PageProps } from '../route-chunks';

export default function UnsubscribeRoute({
  data,
}: PageProps<{ token: string; link: UnsubscribeLink | null }>) {
  return (
    <PageSection title={ROUTES.unsubscribe.title}>
      <UnsubscribeConfirm token={data.token} link={data.link} />
    </PageSection>
  );
}
