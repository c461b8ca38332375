import { ROUTES } from '@shop/rules';
import { getBundleCandidates } from '../../features/bundle/api/bundle';
import { ApiError } from '../../lib/api-client';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.bundle.title, 'おまとめ配送', async (c) => {
  try {
    const candidates = await getBundleCandidates(c.api, c.params.id);
    return { candidates, refusal: null };
  } catch (error) {
    // The API's reason why this order cannot be bundled is the page's message, not an error.
    if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) throw error;
    return { candidates: null, refusal: error.apiMessage ?? 'このご注文はおまとめできません。' };
  }
});
