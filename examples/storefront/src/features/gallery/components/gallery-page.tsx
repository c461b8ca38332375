import { formatJstDate, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ContentCardGrid } from '../../../components/content-card-grid';
import { PagedLinks } from '../../../components/pagination';
import type { GallerySummary, Paged } from '../../../types/api';

/** The signed-book gallery: its entries, newest first, and their pages. */
export function GalleryPage({ data }: { data: Paged<GallerySummary> }) {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.gallery.title }]} />
      <h1 className="page-title">{ROUTES.gallery.title}</h1>
      <p>著者のサイン入り本の入荷情報です。数量限定のため、お早めにお求めください。</p>
      <ContentCardGrid
        cards={data.items.map((entry) => ({
          key: entry.slug,
          href: ROUTES.galleryDetail.path({ slug: entry.slug }),
          image: entry.image,
          title: entry.title,
          details: (
            <p className="muted">
              {entry.author ? `${entry.author.name} ・ ` : ''}
              {formatJstDate(entry.published_at)}
            </p>
          ),
        }))}
      />
      <PagedLinks list={data} path={ROUTES.gallery.path()} />
    </>
  );
}
