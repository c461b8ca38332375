import { addressLine, addressName } from '../../../lib/address-text';
import type { ShippingAddress } from '../../../types/account';

// What the input step of /checkout only displays: the fee notes, the totals, the payment
// methods' attention notes and the addresses' text. The server renders them; their code is this
// one chunk, loaded beside the page's and hydrated when it arrives (checkout-page.tsx), which keeps
// checkout's first load within budget (docs/performance.md, "First-load JS per route").

export { PaymentAttention } from '../../../components/payment-attention';
export { Totals } from './checkout-totals';
export { ShippingFeeNotes } from './shipping-fee-notes';

/** An address choice's text: the name (and whether it is the usual one), then the address. */
export function AddressText({ address }: { address: ShippingAddress }) {
  return (
    <span>
      {addressName(address)} 様{address.isDefault ? '（いつものお届け先）' : ''}
      <br />
      <span className="muted">{addressLine(address)}</span>
    </span>
  );
}
