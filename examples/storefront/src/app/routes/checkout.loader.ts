import { ROUTES } from '@shop/rules';
import { getAddresses } from '../../features/addresses/api/addresses';
import { getCards } from '../../features/cards/api/cards';
import { paymentRules } from '../../features/checkout/api/payment-rules';
import type { Cart } from '../../types/account';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.checkout.title, 'ご注文手続き', async (c) => ({
  ...(await getAddresses(c.api)),
  ...(await getCards(c.api)),
  // An empty cart has nothing to quote: the page says so instead of asking the API.
  cartCount: (await c.api.get<Cart>('/api/cart/')).count,
  paymentRules: paymentRules(),
}));
