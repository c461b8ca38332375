import { preloadable } from '../../../lib/preloadable';

// An order's card (its amounts, payment instructions, tracking and the cancel button) is most of
// my page's and the order history's code: it loads beside the page's (the server renders the
// cards; the browser hydrates them as the chunk arrives), which keeps both routes' first load
// within the 90 KB budget (docs/performance.md, "First-load JS per route"). Under a Suspense
// boundary of the list.
const card = preloadable(() => import('./order-card').then((m) => m.OrderCard));

export const OrderCard = card.Component;

/** Loads the card's code ahead of a render that must not suspend (the component tests). */
export const preloadOrderCard = card.preload;
