import { type SearchQuery, toSearchParams } from '@shop/rules';
import type { ApiClient } from '../../../lib/api-client';
import type { SearchResult } from '../../../types/api';

/** GET /api/search/ with the query written by @shop/rules toSearchParams. */
export function searchProducts(api: ApiClient, query: Partial<SearchQuery>): Promise<SearchResult> {
  return api.get<SearchResult>('/api/search/', toSearchParams(query));
}
