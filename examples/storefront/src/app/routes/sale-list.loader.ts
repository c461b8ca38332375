import { SALE_TERMS, type SaleTerm } from '@shop/rules';
import { getSaleList } from '../../features/product-lists/api/get-product-list';
import { type PageLoader, paged, pageParam } from '../page-loaders';

/** The `date` query parameter of the release lists: a calendar day, else today (the API's default). */
function dateParam(search: URLSearchParams): string | undefined {
  const raw = search.get('date') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
}

export const loader: PageLoader = async ({ api, params, search }) => {
  const term = params.term as SaleTerm;
  const date = dateParam(search);
  const list = await getSaleList(api, term, {
    ...(date ? { date } : {}),
    page: pageParam(search),
  });
  const label = SALE_TERMS.find((t) => t.value === term)?.label ?? '';
  return {
    data: list,
    head: {
      title: paged(`発売${label}（${list.from}〜${list.to}）`, list.page),
      description: `${list.from}〜${list.to}に発売される商品の一覧です（${list.total}点）。`,
      ogType: 'website',
    },
  };
};
