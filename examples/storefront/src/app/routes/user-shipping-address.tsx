import { ROUTES } from '@shop/rules';
import { AddressBook } from '../../components/address-book';
import { FakemodalClose } from '../../components/fakemodal-close';
import { type MemberData, MemberGate } from '../../components/member-gate';
import type { ShippingAddress } from '../../types/account';
import type { PageProps } from '../route-chunks';

export default function UserShippingAddressRoute({
  data,
  href,
}: PageProps<MemberData<{ addresses: ShippingAddress[] }>>) {
  return (
    <MemberGate title={ROUTES.userShippingAddress.title} data={data}>
      {(page) => (
        <>
          <h1 className="page-title">{ROUTES.userShippingAddress.title}</h1>
          <AddressBook initial={page.addresses} />
          <FakemodalClose href={href} />
        </>
      )}
    </MemberGate>
  );
}
