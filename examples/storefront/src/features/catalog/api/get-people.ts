import type { ApiClient } from '../../../lib/api-client';
import type { AuthorDetail, SeriesDetail } from '../../../types/api';

const pageQuery = (page: number) => ({ page: page > 1 ? String(page) : undefined });

/** GET /api/series/{slug}/?page=: a series (シリーズ) and a page of its products. */
export function getSeries(api: ApiClient, slug: string, page: number): Promise<SeriesDetail> {
  return api.get<SeriesDetail>(`/api/series/${encodeURIComponent(slug)}/`, pageQuery(page));
}

/** GET /api/authors/{slug}/?page=: an author or circle and a page of their products. */
export function getAuthor(api: ApiClient, slug: string, page: number): Promise<AuthorDetail> {
  return api.get<AuthorDetail>(`/api/authors/${encodeURIComponent(slug)}/`, pageQuery(page));
}
