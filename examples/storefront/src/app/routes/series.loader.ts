import { getSeries } from '../../features/catalog/api/get-people';
import { type PageLoader, paged, pageParam } from '../page-loaders';

export const loader: PageLoader = async ({ api, params, search }) => {
  const series = await getSeries(api, params.slug ?? '', pageParam(search));
  return {
    data: series,
    head: {
      title: paged(`${series.title}（シリーズ）`, series.products.page),
      description: `${series.title}の商品一覧（${series.products.total}点）`,
      ogType: 'website',
    },
  };
};
