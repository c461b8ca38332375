import { formatCount, ROUTES, SALE_TERMS, type SaleTerm } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { Pagination } from '../../../components/pagination';
import { ProductGrid } from '../../../components/product-card';
import type { SaleList } from '../../../types/api';
import { SaleTermNav, saleListHref } from './sale-term-nav';

/** The products released in a period (`params.term`), with the other periods and pages. */
export function SaleListPage({ data, params }: { data: SaleList; params: Record<string, string> }) {
  const term = params.term as SaleTerm;
  const label = SALE_TERMS.find((t) => t.value === term)?.label ?? '';
  const title = `発売${label}`;
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.saleList.title }, { label: title }]} />
      <h1 className="page-title">{title}</h1>
      <SaleTermNav term={term} from={data.from} to={data.to} />
      <p>{formatCount(data.total)}点</p>
      <ProductGrid products={data.items} eager={5} label={title} />
      <Pagination
        page={data.page}
        perPage={data.per_page}
        total={data.total}
        hrefFor={(page) => saleListHref(term, data.from, page)}
      />
    </>
  );
}
