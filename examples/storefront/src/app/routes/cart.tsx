import { ROUTES } from '@shop/rules';
import { CartPage } from '../../features/cart/components/cart-page';

export default function CartRoute() {
  return (
    <>
      <h1 className="page-title">{ROUTES.cart.title}</h1>
      <CartPage />
    </>
  );
}
