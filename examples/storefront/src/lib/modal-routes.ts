import { matchRoute } from '@shop/rules';

// The fakemodal pages of docs/spec.md (/common/credit-card, /common/user-shipping-address) are pages
// of their own and also dialogs over the page the shopper is on (checkout). A link that opens
// one as a dialog pushes its URL with `{ modalOver: <href of the page> }` as history state:
// PageHost keeps that page, with everything typed into it, and shows the route in a dialog
// (src/app/route-modal.tsx). Back closes the dialog; a reload or a shared link of the URL opens
// the page itself, whose close link goes back through `?return=`.

/** The history state of a route opened as a dialog. */
export interface ModalHistoryState {
  modalOver: string;
}

/**
 * Whether `href` is to be shown as a dialog over the page on screen (`pageHref`): a fakemodal
 * route whose history entry was pushed from that very page.
 */
export function opensAsModal(href: string, state: unknown, pageHref: string): boolean {
  if (href === pageHref) return false;
  const over = (state as Partial<ModalHistoryState> | null)?.modalOver;
  return over === pageHref && matchRoute(href)?.route.layout === 'fakemodal';
}
