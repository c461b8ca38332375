import { BROWSABLE_GENRES, type Genre, MAX_SEARCH_PAGE } from '@shop/rules';
import { searchProducts } from '../../features/search/api/search-products';
import { type PageLoader, paged, pageParam } from '../page-loaders';

// A genre's products are the search for that genre (docs/rules.md BROWSABLE_GENRES), newest
// first; ROUTES.genre has already refused a value that is not a genre (404).
export const loader: PageLoader = async ({ api, params, search }) => {
  const genre = params.genre as Exclude<Genre, 'all'>;
  const label = BROWSABLE_GENRES.find((g) => g.value === genre)?.label ?? '';
  const result = await searchProducts(api, {
    genres: [genre],
    page: pageParam(search, MAX_SEARCH_PAGE),
  });
  return {
    data: { genre, label, products: result },
    head: {
      title: paged(`${label}（ジャンル）`, result.page),
      description: `${label}の商品一覧（${result.total}点）。新刊・予約商品を探せます。`,
      ogType: 'website',
    },
  };
};
