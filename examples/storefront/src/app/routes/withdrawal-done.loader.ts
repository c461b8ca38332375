import { ROUTES } from '@shop/rules';
import type { PageLoader } from '../page-loaders';

export const loader: PageLoader = async () => ({
  data: null,
  head: {
    title: ROUTES.withdrawalDone.title,
    description: '退会手続きが完了しました。',
    ogType: 'website',
    noindex: true,
  },
});
