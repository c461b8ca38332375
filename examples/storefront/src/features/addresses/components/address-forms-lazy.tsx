import { type ComponentProps, Suspense } from 'react';
import { preloadable } from '../../../lib/preloadable';
import type { AddressForm as AddressFormType } from './address-form';
import type { OverseasAddressForm as OverseasAddressFormType } from './overseas-address-form';

// The address forms (the Japanese one with its 〒 lookup, the overseas one with its validation)
// are most of the address book's code but open only when a shopper adds or edits an address:
// their chunk loads when the page is idle (or with the server-rendered form of an empty book),
// which keeps the address book's and checkout's first load within budget (docs/performance.md).
// One chunk for both: two would split modules the entry shares out of it.
const loadForms = () => import('./address-forms');
const japanese = preloadable(() => loadForms().then((m) => m.AddressForm));
const overseas = preloadable(() => loadForms().then((m) => m.OverseasAddressForm));

/** Loads both forms ahead of need (the address book calls it when the page is idle). */
export async function preloadAddressForms(): Promise<void> {
  await Promise.all([japanese.preload(), overseas.preload()]);
}

function Loading() {
  return (
    <p className="muted" role="status">
      入力欄を読み込んでいます…
    </p>
  );
}

export function AddressForm(props: ComponentProps<typeof AddressFormType>) {
  return (
    <Suspense fallback={<Loading />}>
      <japanese.Component {...props} />
    </Suspense>
  );
}

export function OverseasAddressForm(props: ComponentProps<typeof OverseasAddressFormType>) {
  return (
    <Suspense fallback={<Loading />}>
      <overseas.Component {...props} />
    </Suspense>
  );
}
