import { ROUTES } from '@shop/rules';
import { listShowcases } from '../../features/showcase/api/get-showcases';
import type { PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api }) => ({
  data: { items: await listShowcases(api) },
  head: {
    title: ROUTES.showcase.title,
    description: 'スタッフおすすめの作品を集めた開催中の特集です。',
    ogType: 'website',
  },
});
