import type { ApiClient } from '../../../app/page-loaders';
import type { Homedata } from '../../../types/api';

/** GET /api/homedata/: everything the top page shows. */
export function getHomedata(api: ApiClient): Promise<Homedata> {
  return api.get<Homedata>('/api/homedata/');
}
