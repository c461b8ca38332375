import { formatCount } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { PagedLinks } from '../../../components/pagination';
import { ProductGrid } from '../../../components/product-card';
import type { ProductPage } from '../../../types/api';

/**
 * The works of a series, an author, a circle or a genre: its name as the heading, a line saying what it
 * is, and its products page by page.
 */
export function WorksPage({
  kind,
  kindHref,
  name,
  reading,
  products,
  path,
}: {
  /** シリーズ, 作者, サークル or ジャンル. */
  kind: string;
  /** The page listing every one of the kind (ジャンル一覧), for the breadcrumb. */
  kindHref?: string;
  name: string;
  reading?: string;
  products: ProductPage;
  path: string;
}) {
  return (
    <>
      <Breadcrumb items={[{ label: kind, href: kindHref }, { label: name }]} />
      <h1 className="page-title">{name}</h1>
      <p className="muted">
        {kind}
        {reading ? `（${reading}）` : ''} ・ {formatCount(products.total)}点
      </p>
      <ProductGrid products={products.items} eager={5} label={`${name}の商品`} />
      <PagedLinks list={products} path={path} />
    </>
  );
}
