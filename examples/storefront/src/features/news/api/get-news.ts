import type { ApiClient } from '../../../lib/api-client';
import type { NewsDetail } from '../../../types/api';

/** GET /api/news/{slug}/. */
export function getNews(api: ApiClient, slug: string): Promise<NewsDetail> {
  return api.get<NewsDetail>(`/api/news/${encodeURIComponent(slug)}/`);
}
