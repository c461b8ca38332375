import { formatJstDate, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ContentImage } from '../../../components/content-image';
import { ProductCard } from '../../../components/product-card';
import type { GalleryDetail } from '../../../types/api';

/** One gallery entry: its article and the product it is about. */
export function GalleryDetailPage({ data }: { data: GalleryDetail }) {
  return (
    <>
      <Breadcrumb
        items={[
          { label: ROUTES.gallery.title, href: ROUTES.gallery.path() },
          { label: data.title },
        ]}
      />
      <article>
        <h1 className="page-title">{data.title}</h1>
        <p className="muted">
          {data.author ? `${data.author.name} ・ ` : ''}
          {formatJstDate(data.published_at)}
        </p>
        <ContentImage src={data.image} alt={data.title} width={768} priority />
        <div className="prose">
          {data.body.split(/\n+/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {data.product ? (
          <section className="section" aria-labelledby="gallery-product">
            <h2 id="gallery-product">このサイン本の商品</h2>
            <div className="gallery-product">
              <ProductCard product={data.product} />
            </div>
          </section>
        ) : null}
      </article>
    </>
  );
}
