import { ROUTES } from '@shop/rules';
import type { Cart } from '../../types/account';
import type { PageLoader } from '../page-loaders';

// A guest has a cart too: the page is rendered with the session's cart, not behind a login.
export const loader: PageLoader = async (c) => ({
  data: {
    cart: await c.api.get<Cart>('/api/cart/'),
    // What ships now and what waits for its release day, as of this request.
    now: c.now.toISOString(),
  },
  head: {
    title: ROUTES.cart.title,
    description: 'カートの商品',
    ogType: 'website',
    noindex: true,
  },
});
