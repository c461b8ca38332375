import { ROUTES } from '@shop/rules';
import { PageHeading } from '../../../components/breadcrumb';
import { ContentImage } from '../../../components/content-image';
import { ProductGrid } from '../../../components/product-card';
import type { ShowcaseDetail } from '../../../types/api';

/** One showcase: its banner, description and products. */
export function ShowcaseDetailPage({ data }: { data: ShowcaseDetail }) {
  return (
    <>
      <PageHeading
        title={data.title}
        parent={{ label: ROUTES.showcase.title, href: ROUTES.showcase.path() }}
      />
      <div className="showcase-banner">
        <ContentImage src={data.image} alt="" width={768} priority />
      </div>
      <p>{data.description}</p>
      <ProductGrid products={data.products} label={data.title} />
    </>
  );
}
