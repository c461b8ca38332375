import { getShowcase } from '../../features/showcase/api/get-showcases';
import { ogImage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api, params }) => {
  const showcase = await getShowcase(api, params.slug ?? '');
  return {
    data: showcase,
    head: {
      title: showcase.title,
      description: showcase.description,
      ogType: 'website',
      ogImage: ogImage(showcase.image),
    },
  };
};
