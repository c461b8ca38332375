import type { ApiClient } from '../../../lib/api-client';
import type { GalleryDetail, GallerySummary, Paged } from '../../../types/api';

/** GET /api/gallery/?page=: the signed-book gallery (サイン本ギャラリー). */
export function listGallery(api: ApiClient, page: number): Promise<Paged<GallerySummary>> {
  return api.get<Paged<GallerySummary>>('/api/gallery/', {
    page: page > 1 ? String(page) : undefined,
  });
}

/** GET /api/gallery/{slug}/. */
export function getGalleryEntry(api: ApiClient, slug: string): Promise<GalleryDetail> {
  return api.get<GalleryDetail>(`/api/gallery/${encodeURIComponent(slug)}/`);
}
