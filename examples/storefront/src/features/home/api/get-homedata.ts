import type { ApiClient } from '../../../lib/api-client';
import type { Homedata } from '../../../types/api';

/** GET /api/homedata/: everything the top page shows. */
export function getHomedata(api: ApiClient): Promise<Homedata> {
  return api.get<Homedata>('/api/homedata/');
}
