import { ROUTES } from '@shop/rules';
import { FakemodalClose } from '../../components/fakemodal-close';
import { AddressBook } from '../../features/addresses/components/address-book';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import type { ShippingAddress } from '../../types/account';
import type { PageProps } from '../route-chunks';
import { useRouteModal } from '../route-modal-context';

/**
 * /common/user-shipping-address: a page of its own (fakemodal layout), or a dialog over
 * checkout, where the dialog's title and close button replace the page's heading and close link
 * and saving a new address closes the dialog (checkout then selects it). `?add=1` opens the
 * form for a new address.
 */
export default function UserShippingAddressRoute({
  data,
  href,
}: PageProps<MemberData<{ addresses: ShippingAddress[] }>>) {
  const modal = useRouteModal();
  const adding = new URL(href, 'http://x.invalid').searchParams.get('add') === '1';
  return (
    <MemberGate title={ROUTES.userShippingAddress.title} data={data}>
      {(page) => (
        <>
          {modal ? null : <h1 className="page-title">{ROUTES.userShippingAddress.title}</h1>}
          <AddressBook
            initial={page.addresses}
            startAdding={adding}
            {...(modal ? { onAdded: modal.close } : {})}
          />
          {modal ? null : <FakemodalClose href={href} />}
        </>
      )}
    </MemberGate>
  );
}
