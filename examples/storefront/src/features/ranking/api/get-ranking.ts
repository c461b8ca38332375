import type { RankingType } from '@shop/rules';
import type { ApiClient } from '../../../lib/api-client';
import type { Ranking } from '../../../types/api';

/** GET /api/ranking/{type}/: the ranking over its JST window. */
export function getRanking(api: ApiClient, type: RankingType): Promise<Ranking> {
  return api.get<Ranking>(`/api/ranking/${type}/`);
}
