import { ROUTES } from '@shop/rules';
import { getBundleCandidates } from '../../features/bundle/api/bundle';
import { memberPage, type PageLoader } from '../page-loaders';

// A member-only call first, so a guest gets the login modal on these pages too.
export const loader: PageLoader = memberPage(
  ROUTES.bundleConfirm.title,
  'おまとめ配送の確認',
  async (c) => {
    await getBundleCandidates(c.api);
    return {};
  },
);
