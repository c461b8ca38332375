import { getGalleryEntry } from '../../features/gallery/api/get-gallery';
import { ogImage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api, params }) => {
  const entry = await getGalleryEntry(api, params.slug ?? '');
  return {
    data: entry,
    head: {
      title: entry.title,
      description: entry.body.slice(0, 120),
      ogType: 'article',
      ogImage: ogImage(entry.image),
    },
  };
};
