import { matchRoute, type RouteMatch, shouldPrefetch } from '@shop/rules';
import { type AnchorHTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { whenIdle } from '../lib/idle';
import { prefetchPayload } from '../lib/payload-cache';
import { routePrefetcher } from '../lib/route-prefetch';

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

const prefetched = new Set<string>();
const queued: string[] = [];
let draining = false;
let observer: IntersectionObserver | null = null;

/**
 * A page whose data is the shopper's session's (the account pages, the cart): a payload fetched
 * ahead of the click would miss what the shopper does meanwhile (an add to the cart, say).
 */
const isPerSession = ({ route }: RouteMatch) => route.member || route.id === 'cart';

/** Starts the fetches of one link; resolves once they are asked for, not when they arrive. */
async function prefetch(href: string): Promise<void> {
  const match = matchRoute(href);
  const router = routePrefetcher();
  // A link to a page this storefront does not serve would only fetch a 404.
  if (!match || !router || !(await router.hasPage(match.route.id))) return;
  // The page's code is the same for every shopper, so it is fetched ahead all the same.
  if (!isPerSession(match)) prefetchPayload(href);
  router.loadPage(match.route.id).catch(() => prefetched.delete(href));
}

const idle = { timeout: 2000, fallbackMs: 200 };

/**
 * One queued link per idle period: the links a page shows at once (a header's dozen, a row of
 * cards) would otherwise all start their fetches in one task, 20-30 ms on a fast machine.
 */
function drain(): void {
  const href = queued.shift();
  if (href === undefined) {
    draining = false;
    return;
  }
  prefetch(href)
    .catch(() => prefetched.delete(href))
    .finally(() => whenIdle(drain, idle));
}

function enqueue(href: string): void {
  if (prefetched.has(href)) return;
  prefetched.add(href);
  queued.push(href);
  if (draining) return;
  draining = true;
  // Idle time only, so prefetching never competes with the page the shopper is reading.
  whenIdle(drain, idle);
}

function visibilityObserver(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer?.unobserve(entry.target);
      const href = entry.target.getAttribute('href');
      if (href) enqueue(href);
    }
  });
  return observer;
}

export interface ShopLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
  /** Opt out for links that are many and rarely followed (every pagination number, say). */
  prefetch?: boolean;
  /** History state of the navigation (a fakemodal route opened as a dialog, say). */
  state?: unknown;
}

/**
 * A link inside the shop: client-side navigation through wouter, and once it is visible its
 * route chunk and page payload are prefetched, unless the connection is slow or saves data. A
 * per-session page (a member route, the cart) gets its chunk only: its payload is fetched on the
 * click, so it is never older than that.
 */
export function ShopLink({
  href,
  children,
  prefetch: wantPrefetch = true,
  ...rest
}: ShopLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || !wantPrefetch) return;
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    if (!shouldPrefetch(connection ?? null)) return;
    const io = visibilityObserver();
    io?.observe(element);
    return () => io?.unobserve(element);
  }, [wantPrefetch]);

  return (
    <Link ref={ref} href={href} {...rest}>
      {children}
    </Link>
  );
}
