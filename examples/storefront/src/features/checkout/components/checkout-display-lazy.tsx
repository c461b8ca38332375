import { type ComponentType, lazy, memo, Suspense, useState } from 'react';
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

/** The chunk of these parts, for the checkout route's first render to wait for (route-chunks.ts). */
export const preloadCheckoutDisplay = () => load();

/** A part of the chunk (`pick`), memoised, in Suspense until the chunk is here. */
function lazyPart<P extends object>(
  name: string,
  pick: (module: typeof Display) => ComponentType<P>,
) {
  const Lazy = lazy(() => load().then((module) => ({ default: pick(module) })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module scope (like lazy and memo), never during a render
  const Part = memo(function LazyPart(props: P) {
    // Decided once per instance: switching from the lazy type to the loaded one would remount it.
    const [Component] = useState(() => (loaded ? pick(loaded) : Lazy));
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  });
  Part.displayName = name;
  return Part;
}

export const ShippingFeeNotes = lazyPart('ShippingFeeNotes', (m) => m.ShippingFeeNotes);
export const Totals = lazyPart('Totals', (m) => m.Totals);
export const PaymentAttention = lazyPart('PaymentAttention', (m) => m.PaymentAttention);
export const AddressText = lazyPart('AddressText', (m) => m.AddressText);
