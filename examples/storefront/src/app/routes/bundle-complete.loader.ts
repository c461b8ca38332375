import { ROUTES } from '@shop/rules';
import { getBundleCandidates } from '../../features/bundle/api/bundle';
import type { BundleView } from '../../types/account';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(
  ROUTES.bundleComplete.title,
  'おまとめ配送完了',
  async (c) => {
    const id = c.search.get('id') ?? '';
    if (!/^[1-9]\d{0,9}$/.test(id)) {
      await getBundleCandidates(c.api);
      return { bundle: null };
    }
    return { bundle: await c.api.get<BundleView>(`/api/reserveshop/bundle/${id}/`) };
  },
);
