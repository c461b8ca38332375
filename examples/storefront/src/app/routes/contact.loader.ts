import { ROUTES } from '@shop/rules';
import { getContactSettings } from '../../features/contact/api/contact-settings';
import type { PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api }) => ({
  data: await getContactSettings(api),
  head: {
    title: ROUTES.contact.title,
    description: 'ご注文・商品・予約についてのお問い合わせはこちらから。',
    ogType: 'website',
  },
});
