import type { ComponentType } from 'react';
import { PageSection } from '../components/section';
import type { PageProps } from './route-chunks';

/**
 * The route component of a page a mailed link opens (its loader is `mailedLinkPage`): the page's
 * title over `Form`, which gets the link's token.
 */
export function mailedLinkRoute(title: string, Form: ComponentType<{ token: string }>) {
  return function MailedLinkRoute({ data }: PageProps<{ token: string }>) {
    return (
      <PageSection title={title}>
        <Form token={data.token} />
      </PageSection>
    );
  };
}
