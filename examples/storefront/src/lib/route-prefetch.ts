// What a link loads ahead of a click: the page chunk of its route, and the route modal's code
// for a link that opens a dialog. Both belong to the app's router (src/app/route-chunks.ts,
// src/app/route-modal.tsx), which the browser's entry registers here before it hydrates, so the
// shared links (components/shop-link.tsx, modal-route-link.tsx) need not import the app. On
// the server, where nothing is prefetched, none is registered.

export interface RoutePrefetcher {
  /** Whether a route has a page chunk (a route of ROUTES may have none yet). */
  hasPage(id: string): Promise<boolean>;
  loadPage(id: string): Promise<unknown>;
  loadModal(): Promise<unknown>;
}

let registered: RoutePrefetcher | null = null;

export function registerRoutePrefetcher(prefetcher: RoutePrefetcher): void {
  registered = prefetcher;
}

/** The router's prefetcher, or null before the browser's entry registers it. */
export function routePrefetcher(): RoutePrefetcher | null {
  return registered;
}
