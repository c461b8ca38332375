import { formatJstDate, ROUTES } from '@shop/rules';
import { PageHeading } from '../../../components/breadcrumb';
import { ContentCardGrid } from '../../../components/content-card-grid';
import { PagedLinks } from '../../../components/pagination';
import type { GallerySummary, Paged } from '../../../types/api';

/** The signed-book gallery: its entries, newest first, and their pages. */
export function GalleryPage({ data }: { data: Paged<GallerySummary> }) {
  return (
    <>
      <PageHeading title={ROUTES.gallery.title} />
      <p>著者のサイン入り本の入荷情報です。数量限定のため、お早めにお求めください。</p>
      <ContentCardGrid
        entries={data.items}
        href={(slug) => ROUTES.galleryDetail.path({ slug })}
        details={(entry) => (
          <p className="muted">
            {entry.author ? `${entry.author.name} ・ ` : ''}
            {formatJstDate(entry.published_at)}
          </p>
        )}
      />
      <PagedLinks list={data} path={ROUTES.gallery.path()} />
    </>
  );
}
