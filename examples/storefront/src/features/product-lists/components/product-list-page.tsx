import { formatCount } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { PagedLinks } from '../../../components/pagination';
import { ProductGrid } from '../../../components/product-card';
import type { ProductPage } from '../../../types/api';

/** A paged product list with its heading (商品情報追加, 発売延期, 購入特典, 限定版). */
export function ProductListPage({
  title,
  lead,
  list,
  path,
}: {
  title: string;
  lead: string;
  list: ProductPage;
  path: string;
}) {
  return (
    <>
      <Breadcrumb items={[{ label: title }]} />
      <h1 className="page-title">{title}</h1>
      <p>{lead}</p>
      <p className="muted">{formatCount(list.total)}点</p>
      <ProductGrid products={list.items} eager={5} label={title} />
      <PagedLinks list={list} path={path} />
    </>
  );
}
