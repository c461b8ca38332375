import { ROUTES } from '@shop/rules';
import { type MemberData, MemberGate } from '../../components/member-gate';
import { type CheckoutData, CheckoutPage } from '../../features/checkout/components/checkout-page';
import type { PageProps } from '../route-chunks';

export default function CheckoutRoute({ data }: PageProps<MemberData<CheckoutData>>) {
  return (
    <MemberGate title={ROUTES.checkout.title} data={data}>
      {(checkout) => (
        <>
          <h1 className="page-title">{ROUTES.checkout.title}</h1>
          <CheckoutPage data={checkout} />
        </>
      )}
    </MemberGate>
  );
}
