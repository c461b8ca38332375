import { ROUTES } from '@shop/rules';
import { ShopLink } from '../../components/shop-link';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { type CheckoutData, CheckoutPage } from '../../features/checkout/components/checkout-page';
import type { PageProps } from '../route-chunks';

// The chunk the page's first render in the browser waits for (route-chunks.ts, `ready`).
export { preloadCheckoutDisplay as ready } from '../../features/checkout/components/checkout-display-lazy';

export default function CheckoutRoute({
  data,
}: PageProps<MemberData<CheckoutData & { cartCount: number }>>) {
  return (
    <MemberGate title={ROUTES.checkout.title} data={data}>
      {(checkout) => (
        <>
          <h1 className="page-title">{ROUTES.checkout.title}</h1>
          {checkout.cartCount === 0 ? (
            <p className="panel">
              カートに商品がありません。
              <ShopLink href={ROUTES.top.path()}>お買い物を続ける</ShopLink>
            </p>
          ) : (
            <CheckoutPage data={checkout} />
          )}
        </>
      )}
    </MemberGate>
  );
}
