import { ROUTES } from '@shop/rules';
import { getComicShelves } from '../../features/comic/api/get-comic-shelves';
import type { PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api }) => ({
  data: await getComicShelves(api),
  head: {
    title: ROUTES.comic.title,
    description: 'コミックの新刊・予約受付中の商品・人気の作品をご紹介します。',
    ogType: 'website',
  },
});
