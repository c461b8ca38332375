import { ROUTES } from '@shop/rules';
import { AddressBook } from '../../features/addresses/components/address-book';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import type { ShippingAddress } from '../../types/account';
import type { PageProps } from '../route-chunks';

export default function ShippingAddressRoute({
  data,
}: PageProps<MemberData<{ addresses: ShippingAddress[] }>>) {
  return (
    <MemberGate title={ROUTES.shippingAddress.title} data={data}>
      {(page) => (
        <MypageFrame title={ROUTES.shippingAddress.title}>
          <AddressBook initial={page.addresses} />
        </MypageFrame>
      )}
    </MemberGate>
  );
}
