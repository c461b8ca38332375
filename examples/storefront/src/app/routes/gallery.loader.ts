import { ROUTES } from '@shop/rules';
import { listGallery } from '../../features/gallery/api/get-gallery';
import { type PageLoader, paged, pageParam } from '../page-loaders';

export const loader: PageLoader = async ({ api, search }) => {
  const gallery = await listGallery(api, pageParam(search));
  return {
    data: gallery,
    head: {
      title: paged(ROUTES.gallery.title, gallery.page),
      description: '著者のサイン入り本の入荷情報です。',
      ogType: 'website',
    },
  };
};
