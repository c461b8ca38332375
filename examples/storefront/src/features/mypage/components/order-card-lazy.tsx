import { type ComponentProps, memo, Suspense } from 'react';
import { preloadable } from '../../../lib/preloadable';
import type { OrderCard as OrderCardType } from './order-card';

// An order's card (its amounts, payment instructions, tracking and the cancel button) is most of
// my page's and the order history's code: it loads beside the page's (the server renders the
// cards; the browser hydrates them as the chunk arrives), which keeps both routes' first load
// within the 90 KB budget (docs/performance.md, "First-load JS per route"). React keeps a card's
// server HTML until then only if nothing re-renders it with new props meanwhile (it would show
// the fallback, nothing, and the page would shift): the card is memoised, so a re-render of the
// page around it (the session arriving) passes it by.
const card = preloadable(() => import('./order-card').then((m) => m.OrderCard));

export const OrderCard = memo(function OrderCard(props: ComponentProps<typeof OrderCardType>) {
  return (
    <Suspense fallback={null}>
      <card.Component {...props} />
    </Suspense>
  );
});

/** Loads the card's code ahead of a render that must not suspend (the component tests). */
export const preloadOrderCard = card.preload;
