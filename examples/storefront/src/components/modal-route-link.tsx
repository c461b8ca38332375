import { matchRoute } from '@shop/rules';
import { type ReactNode, useEffect } from 'react';
import { useCurrentHref } from '../lib/current-href';
import { whenIdle } from '../lib/idle';
import type { ModalHistoryState } from '../lib/modal-routes';
import { routePrefetcher } from '../lib/route-prefetch';
import { ShopLink } from './shop-link';

/**
 * A link to a fakemodal route (/common/credit-card, /common/user-shipping-address) that opens it
 * as a dialog over the page it is on, which stays as it is; Back or the dialog's close button
 * return to it. Opened in a new tab, or clicked before the page is interactive, it is the page.
 *
 * The dialog's code is fetched once the page is idle; its data only when it opens, so what it
 * shows is never older than the click (a prefetched payload could miss an address just added).
 */
export function ModalRouteLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const current = useCurrentHref();

  useEffect(() => {
    const id = matchRoute(href)?.route.id;
    const router = routePrefetcher();
    if (!id || !router) return;
    const load = () => {
      router.loadModal().catch(() => undefined);
      router.loadPage(id).catch(() => undefined);
    };
    return whenIdle(load);
  }, [href]);

  // Only the type of modal-routes.ts: a value import from here would make the bundler move the
  // rules' route table out of the entry chunk into a chunk of its own (a request more per page).
  const state: ModalHistoryState = { modalOver: current };
  return (
    <ShopLink href={href} state={state} className={className} prefetch={false}>
      {children}
    </ShopLink>
  );
}
