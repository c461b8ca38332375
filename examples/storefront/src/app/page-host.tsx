import { matchRoute, shouldReloadAfterChunkError } from '@shop/rules';
import {
  type ComponentType,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { ErrorScreen } from '../components/error-screen';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { useBuildCheck } from '../lib/build-check';
import { isChunkLoadError, readLastReload, rememberReload } from '../lib/chunk-reload';
import { canonicalHref, sentHref, useCurrentHref } from '../lib/current-href';
import { absolutePageUrl, applyHead } from '../lib/head';
import { whenIdle } from '../lib/idle';
import { opensAsModal } from '../lib/modal-routes';
import type { BootData, PagePayload } from '../lib/page-payload';
import { isPageStateEntry } from '../lib/page-state';
import { fetchPayload } from '../lib/payload-cache';
import {
  currentScroll,
  lastChangeTraversed,
  recallScroll,
  rememberScroll,
  restoreScroll,
  type ScrollPosition,
  takeOverScrollRestoration,
} from '../lib/scroll-memory';
import { LayoutFrame } from './layouts/layout-frame';
import { loadedRouteChunk, loadRouteChunk, loadRouteMap, type PageProps } from './route-chunks';

const RouteModal = lazy(() => import('./route-modal'));

/** Loads what a client-side navigation needs: the page payload and its route chunk, in parallel. */
export async function loadPage(href: string): Promise<PagePayload> {
  const match = matchRoute(href);
  // The chunk starts loading before the payload answers, so neither waits for the other.
  const chunk = match ? loadRouteChunk(match.route.id).catch(() => undefined) : undefined;
  const payload = await fetchPayload(href);
  if (!payload.error) {
    await chunk;
    await loadRouteChunk(payload.page);
  }
  return payload;
}

function chunkErrorPage(href: string, error: Error): PagePayload {
  return {
    page: 'error',
    href,
    params: {},
    status: 500,
    layout: 'error',
    head: { title: 'エラー', description: '', ogType: 'website', noindex: true },
    data: null,
    error: { statusCode: 500, message: error.message },
  };
}

/**
 * Renders the current page and, when wouter's location changes, fetches the next page's payload
 * JSON and chunk before swapping it in (the old page stays until the new one is ready). A
 * fakemodal route opened from the page on screen (modal-routes.ts) is shown as a dialog over
 * it instead, and the page stays as it is; so does a change between entries the page wrote for
 * its own state (page-state.ts: the checkout's step and choices).
 */
export function PageHost({ boot }: { boot: BootData }) {
  const initial = boot.payload;
  const href = useCurrentHref();
  const [page, setPage] = useState(initial);
  // The page's href in the spelling of `href` (lib/current-href.ts).
  const loadedHref = canonicalHref(page.href);
  // The href of an entry the page on screen wrote for its own state (lib/page-state.ts), if the
  // shopper is on one: the page's URL for dialogs opened over it, without a fetch or a remount.
  const [stateHref, setStateHref] = useState<string | null>(null);
  const pageHref = stateHref ?? loadedHref;
  const historyState = useHistoryState();
  const [pending, setPending] = useState(false);
  const { publicOrigin } = boot;
  const newBuild = useBuildCheck(boot.build);
  const newBuildRef = useRef(newBuild);
  newBuildRef.current = newBuild;
  const modal = opensAsModal(href, historyState, pageHref);
  // The dialog's entry was pushed over the page's own: one step back is the page again.
  const closeModal = useCallback(() => window.history.back(), []);
  // Where the page about to be rendered goes: a remembered position (Back, Forward) or the top.
  const scrollTarget = useRef<ScrollPosition | 'top' | null>(null);
  const loadedHrefRef = useRef(loadedHref);
  loadedHrefRef.current = loadedHref;

  useEffect(() => takeOverScrollRestoration(() => loadedHrefRef.current), []);

  // Runs once the new page is in the document, before it is painted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each page swap, by design
  useLayoutEffect(() => {
    const target = scrollTarget.current;
    scrollTarget.current = null;
    if (target === 'top') window.scrollTo(0, 0);
    else if (target) restoreScroll(target);
  }, [page]);

  useEffect(() => {
    // The map of the other pages' chunks is not needed to hydrate: fetch it once the page is idle,
    // so the first navigation does not wait for it.
    const fetchMap = () => {
      loadRouteMap().catch(() => undefined);
    };
    return whenIdle(fetchMap);
  }, []);

  useEffect(() => {
    if (modal) return;
    if (href === loadedHref) {
      setStateHref(null);
      return;
    }
    if (href === pageHref) return;
    if (isPageStateEntry(historyState, loadedHref, href)) {
      setStateHref(href);
      return;
    }
    let cancelled = false;
    setPending(true);
    // `href` is for comparing (decoded): the payload is asked for as the browser spells the URL.
    const target = sentHref();
    loadPage(target).then(
      (next) => {
        if (cancelled) return;
        if (next.redirect) {
          window.location.replace(next.redirect.location);
          return;
        }
        // The page on screen is still the one left: its position is kept for a return to it.
        rememberScroll(loadedHref, currentScroll());
        scrollTarget.current =
          (lastChangeTraversed() && recallScroll(canonicalHref(next.href))) || 'top';
        setPage(next);
        setStateHref(null);
        setPending(false);
        applyHead(next.head, absolutePageUrl(publicOrigin, next.href));
      },
      (error: unknown) => {
        if (cancelled) return;
        if (!isChunkLoadError(error)) {
          // The payload could not be fetched: a full page load lets the server render it.
          window.location.assign(target);
          return;
        }
        const now = new Date();
        const lastReload = readLastReload();
        if (
          shouldReloadAfterChunkError({
            path: target,
            now,
            newBuildFound: newBuildRef.current,
            lastReload,
          })
        ) {
          rememberReload(target, now);
          window.location.assign(target);
          return;
        }
        setPending(false);
        setPage(chunkErrorPage(target, error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [href, loadedHref, pageHref, historyState, modal, publicOrigin]);

  return (
    <>
      <LayoutFrame layout={page.error ? 'error' : page.layout} pending={pending}>
        <PageErrorBoundary
          key={page.href}
          crawler={page.crawler === true}
          showStack={boot.development}
        >
          {/* A boundary of its own: React hydrates the layout first and the page's content after
              it, in slices that give the main thread back every few milliseconds (a dehydrated
              boundary hydrates at offscreen priority), instead of one long task for the whole
              page. A click on content not yet hydrated hydrates it at once and is replayed. */}
          <Suspense fallback={null}>
            <PageContent page={page} />
          </Suspense>
        </PageErrorBoundary>
        {/* Hydrated in the same pass as the content, after it; even when the content threw. */}
        <Suspense fallback={null}>
          <HydratedMark />
        </Suspense>
      </LayoutFrame>
      {modal ? (
        <Suspense fallback={null}>
          <RouteModal href={href} onClose={closeModal} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Marks the document once the page's content has hydrated (its boundary, like this one's,
 * hydrates after the layout): tests and tools wait for `data-hydrated` before they interact.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

function PageContent({ page }: { page: PagePayload }) {
  if (page.renderFailed) return null;
  if (page.error) return <ErrorScreen error={page.error} />;
  const Page = loadedRouteChunk(page.page) as ComponentType<PageProps> | undefined;
  if (!Page) throw new Error(`route chunk ${page.page} was not loaded before rendering`);
  return <Page data={page.data} params={page.params} href={page.href} />;
}
