import { parseSearchParams } from '@shop/rules';
import { searchProducts } from '../../features/search/api/search-products';
import { searchTitle } from '../../features/search/components/search-summary';
import { type PageLoader, paged } from '../page-loaders';

export const loader: PageLoader = async ({ api, search }) => {
  const query = parseSearchParams(search);
  const result = await searchProducts(api, query);
  const title = searchTitle(result.query);
  return {
    data: result,
    head: {
      title: paged(title, result.page),
      description: `${title}（${result.total}件）。新刊・予約商品を探せます。`,
      ogType: 'website',
    },
  };
};
