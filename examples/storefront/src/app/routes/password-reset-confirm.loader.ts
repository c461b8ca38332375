import { ROUTES } from '@shop/rules';
import type { PageLoader } from '../page-loaders';

/** The mailed link's token, read from the query; the API checks it when the form is sent. */
export const loader: PageLoader<{ token: string }> = async ({ search }) => ({
  data: { token: search.get('token') ?? '' },
  head: {
    title: ROUTES.passwordResetConfirm.title,
    description: '新しいパスワードを設定します。',
    ogType: 'website',
    noindex: true,
  },
});
