import type { ApiClient } from '../../../lib/api-client';
import type { ShowcaseDetail, ShowcaseSummary } from '../../../types/api';

/** GET /api/showcases/: the showcases running now. */
export async function listShowcases(api: ApiClient): Promise<ShowcaseSummary[]> {
  return (await api.get<{ items: ShowcaseSummary[] }>('/api/showcases/')).items;
}

/** GET /api/showcases/{slug}/ with its products. */
export function getShowcase(api: ApiClient, slug: string): Promise<ShowcaseDetail> {
  return api.get<ShowcaseDetail>(`/api/showcases/${encodeURIComponent(slug)}/`);
}
