import { type ComponentProps, lazy, memo, Suspense, useState } from 'react';
import type * as Display from './checkout-display';

// What the input step of /checkout only displays (checkout-display.tsx) as one chunk loaded beside
// the page's: the server renders these parts and the browser hydrates them when the chunk
// arrives. React keeps a part's server HTML until then only if nothing re-renders it with new
// props meanwhile (it would show the fallback, nothing, and the page would shift when the chunk
// arrives): each part is memoised, so the page's own re-renders right after hydration (the URL
// taking the choices) pass it by. e2e/checkout-layout-shift.e2e.ts measures it.
// In the browser the chunk is asked for as soon as this module runs, beside the page's data, and
// a part rendered once it is here is its component itself: through React.lazy alone a part
// suspends on its first render even when its module is loaded, and React reveals it only after
// its throttle (after a link to /checkout: an empty address label and no totals for 300 ms).
let loaded: typeof Display | undefined;
const load = () =>
  import('./checkout-display').then((module) => {
    loaded = module;
    return module;
  });
if (typeof window !== 'undefined') void load().catch(() => undefined);
const LazyFeeNotes = lazy(() => load().then((m) => ({ default: m.ShippingFeeNotes })));
const LazyTotals = lazy(() => load().then((m) => ({ default: m.Totals })));
const LazyAttention = lazy(() => load().then((m) => ({ default: m.PaymentAttention })));
const LazyAddressText = lazy(() => load().then((m) => ({ default: m.AddressText })));

export const ShippingFeeNotes = memo(function ShippingFeeNotes(
  props: ComponentProps<typeof Display.ShippingFeeNotes>,
) {
  // Decided once per instance: switching from the lazy type to the loaded one would remount it.
  const [Part] = useState(() => loaded?.ShippingFeeNotes ?? LazyFeeNotes);
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
});

export const Totals = memo(function Totals(props: ComponentProps<typeof Display.Totals>) {
  const [Part] = useState(() => loaded?.Totals ?? LazyTotals);
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
});

export const PaymentAttention = memo(function PaymentAttention(
  props: ComponentProps<typeof Display.PaymentAttention>,
) {
  const [Part] = useState(() => loaded?.PaymentAttention ?? LazyAttention);
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
});

export const AddressText = memo(function AddressText(
  props: ComponentProps<typeof Display.AddressText>,
) {
  const [Part] = useState(() => loaded?.AddressText ?? LazyAddressText);
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
});
