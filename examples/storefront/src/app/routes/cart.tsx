import { ROUTES } from '@shop/rules';
import { CartPage, type CartPageData } from '../../features/cart/components/cart-page';
import type { PageProps } from '../route-chunks';

export default function CartRoute({ data }: PageProps<CartPageData>) {
  return (
    <>
      <h1 className="page-title">{ROUTES.cart.title}</h1>
      <CartPage data={data} />
    </>
  );
}
