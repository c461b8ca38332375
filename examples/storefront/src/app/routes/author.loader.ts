import { getAuthor } from '../../features/catalog/api/get-people';
import { type PageLoader, paged, pageParam } from '../page-loaders';

export const loader: PageLoader = async ({ api, params, search }) => {
  const author = await getAuthor(api, params.slug ?? '', pageParam(search));
  return {
    data: author,
    head: {
      title: paged(author.name, author.products.page),
      description: `${author.name}の商品一覧（${author.products.total}点）`,
      ogType: 'website',
    },
  };
};
