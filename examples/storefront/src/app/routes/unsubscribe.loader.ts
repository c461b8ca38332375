import { ROUTES } from '@shop/rules';
import { getUnsubscribeLink } from '../../features/account-mail/api/account-mail';
import { ApiError } from '../../lib/api-client';
import type { PageLoader } from '../page-loaders';

/** What the link names (a GET that changes nothing); null for a link the shop did not sign. */
export const loader: PageLoader = async ({ api, search }) => {
  const token = search.get('token') ?? '';
  let link = null;
  if (token !== '') {
    try {
      link = await getUnsubscribeLink(api, token);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) throw error;
    }
  }
  return {
    data: { token, link },
    head: {
      title: ROUTES.unsubscribe.title,
      description: 'メールの配信を停止します。',
      ogType: 'website',
      noindex: true,
    },
  };
};
