import { ROUTES } from '@shop/rules';
import type { PageLoader } from '../page-loaders';

/** The mailed link's token; the page's button sends it (a page load changes nothing). */
export const loader: PageLoader<{ token: string }> = async ({ search }) => ({
  data: { token: search.get('token') ?? '' },
  head: {
    title: ROUTES.emailChangeConfirm.title,
    description: 'メールアドレスの変更を完了します。',
    ogType: 'website',
    noindex: true,
  },
});
