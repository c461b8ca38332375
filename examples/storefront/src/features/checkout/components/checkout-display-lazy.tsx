import { type ComponentProps, lazy, memo, Suspense } from 'react';
import type * as Display from './checkout-display';

// What the input step of /checkout only displays (checkout-display.tsx) as one chunk loaded beside
// the page's: the server renders these parts and the browser hydrates them when the chunk
// arrives. React keeps a part's server HTML until then only if nothing re-renders it with new
// props meanwhile (it would show the fallback, nothing, and the page would shift when the chunk
// arrives): each part is memoised, so the page's own re-renders right after hydration (the URL
// taking the choices) pass it by. e2e/checkout-layout-shift.e2e.ts measures it.
const load = () => import('./checkout-display');
const LazyFeeNotes = lazy(() => load().then((m) => ({ default: m.ShippingFeeNotes })));
const LazyTotals = lazy(() => load().then((m) => ({ default: m.Totals })));
const LazyAttention = lazy(() => load().then((m) => ({ default: m.PaymentAttention })));
const LazyAddressText = lazy(() => load().then((m) => ({ default: m.AddressText })));

export const ShippingFeeNotes = memo(function ShippingFeeNotes(
  props: ComponentProps<typeof Display.ShippingFeeNotes>,
) {
  return (
    <Suspense fallback={null}>
      <LazyFeeNotes {...props} />
    </Suspense>
  );
});

export const Totals = memo(function Totals(props: ComponentProps<typeof Display.Totals>) {
  return (
    <Suspense fallback={null}>
      <LazyTotals {...props} />
    </Suspense>
  );
});

export const PaymentAttention = memo(function PaymentAttention(
  props: ComponentProps<typeof Display.PaymentAttention>,
) {
  return (
    <Suspense fallback={null}>
      <LazyAttention {...props} />
    </Suspense>
  );
});

export const AddressText = memo(function AddressText(
  props: ComponentProps<typeof Display.AddressText>,
) {
  return (
    <Suspense fallback={null}>
      <LazyAddressText {...props} />
    </Suspense>
  );
});
