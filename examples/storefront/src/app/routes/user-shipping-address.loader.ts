import { ROUTES } from '@shop/rules';
import { getAddresses } from '../../features/addresses/api/addresses';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.userShippingAddress.title, '配送先住所', (c) =>
  getAddresses(c.api),
);
