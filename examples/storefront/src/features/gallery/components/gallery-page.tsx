import { formatJstDate, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ContentImage } from '../../../components/content-image';
import { Pagination } from '../../../components/pagination';
import { ShopLink } from '../../../components/shop-link';
import type { GallerySummary, Paged } from '../../../types/api';

/** The signed-book gallery: its entries, newest first, and their pages. */
export function GalleryPage({ data }: { data: Paged<GallerySummary> }) {
  const path = ROUTES.gallery.path();
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.gallery.title }]} />
      <h1 className="page-title">{ROUTES.gallery.title}</h1>
      <p>著者のサイン入り本の入荷情報です。数量限定のため、お早めにお求めください。</p>
      <ul className="card-grid">
        {data.items.map((entry, index) => (
          <li key={entry.slug}>
            <article className="card">
              <ShopLink href={ROUTES.galleryDetail.path({ slug: entry.slug })}>
                <ContentImage src={entry.image} alt="" width={384} priority={index < 3} />
                <div className="card-body">
                  <h2>{entry.title}</h2>
                  <p className="muted">
                    {entry.author ? `${entry.author.name} ・ ` : ''}
                    {formatJstDate(entry.published_at)}
                  </p>
                </div>
              </ShopLink>
            </article>
          </li>
        ))}
      </ul>
      <Pagination
        page={data.page}
        perPage={data.per_page}
        total={data.total}
        hrefFor={(page) => (page > 1 ? `${path}?page=${page}` : path)}
      />
    </>
  );
}
