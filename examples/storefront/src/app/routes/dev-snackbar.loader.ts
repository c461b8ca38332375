import { ROUTES } from '@shop/rules';
import { devHead, type PageLoader } from '../page-loaders';

export const loader: PageLoader = async () => ({
  data: null,
  head: devHead(ROUTES.devSnackbar.title),
});
