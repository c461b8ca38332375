// Where the shopper was on each page, so Back and Forward return there.
//
// The browser's own restoration runs when the history entry changes, before the page host has
// fetched and rendered the page of that entry: over a shorter page (the product page the shopper
// comes back from) it stops at that page's end, and the host then scrolled to the top. So the
// host restores itself (`history.scrollRestoration = 'manual'`): it remembers the position of
// the page it leaves and, on Back or Forward, puts the page it renders back there.
//
// A position is the first anchor on screen (an element with `data-scroll-anchor`, a product
// card) with its distance from the window's top, and the scroll offset for pages without one:
// a list fetched again may have changed above that card (a new ranking), and the card is what
// the shopper was looking at.

const MEMORY_KEY = 'shop:scroll';
/** Pages remembered per tab, the latest kept. */
export const PAGES_REMEMBERED = 50;

export interface ScrollPosition {
  y: number;
  anchor?: string;
  /** The anchor's top, relative to the window's. */
  top?: number;
}

type Memory = [href: string, position: ScrollPosition][];

function readMemory(): Memory {
  try {
    return JSON.parse(sessionStorage.getItem(MEMORY_KEY) ?? '[]') as Memory;
  } catch {
    return [];
  }
}

export function rememberScroll(href: string, position: ScrollPosition): void {
  const memory = readMemory().filter(([kept]) => kept !== href);
  memory.push([href, position]);
  try {
    sessionStorage.setItem(MEMORY_KEY, JSON.stringify(memory.slice(-PAGES_REMEMBERED)));
  } catch {
    // Storage may be full or disabled: Back then lands at the top, as it would without this.
  }
}

export function recallScroll(href: string): ScrollPosition | undefined {
  return readMemory().find(([kept]) => kept === href)?.[1];
}

const anchors = () => document.querySelectorAll<HTMLElement>('[data-scroll-anchor]');

/** Where the window is scrolled now. */
export function currentScroll(): ScrollPosition {
  const y = window.scrollY;
  for (const element of anchors()) {
    const { top, bottom } = element.getBoundingClientRect();
    if (bottom > 0) return { y, anchor: element.dataset.scrollAnchor ?? '', top };
  }
  return { y };
}

/** Scrolls to a remembered position: its anchor where the page still has it, else its offset. */
export function restoreScroll(position: ScrollPosition): void {
  const anchor = [...anchors()].find((element) => element.dataset.scrollAnchor === position.anchor);
  const y =
    anchor && position.top !== undefined
      ? window.scrollY + anchor.getBoundingClientRect().top - position.top
      : position.y;
  window.scrollTo(0, y);
}

let traversed = false;
if (typeof window !== 'undefined') {
  // Listening from when this module loads, before wouter does (at hydration): between two
  // listeners of one event the browser runs microtasks, and there the page host can render the
  // entry's page from a prefetched payload before a later listener has heard of the event.
  const onTraverse = () => {
    traversed = true;
  };
  // wouter's events for pushState and replaceState: a link or a redirect.
  const onPush = () => {
    traversed = false;
  };
  addEventListener('popstate', onTraverse);
  addEventListener('pushState', onPush);
  addEventListener('replaceState', onPush);
}

/** Whether the last change of history entry was Back or Forward (not a link or a redirect). */
export const lastChangeTraversed = () => traversed;

/**
 * Takes scroll restoration over from the browser for the page host's lifetime and returns the
 * clean-up. `currentHref` is the page on screen: its position is kept when the document is left
 * (a reload, another site), and a reload or a return to it from another site is handed back to
 * the browser (the entry is left in `auto`), or restored here when its entry stayed `manual`.
 */
export function takeOverScrollRestoration(currentHref: () => string): () => void {
  const manual = () => {
    window.history.scrollRestoration = 'manual';
  };
  const onHide = () => {
    rememberScroll(currentHref(), currentScroll());
    window.history.scrollRestoration = 'auto';
  };
  const kind = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming)
    ?.type;
  const kept = recallScroll(currentHref());
  if (kept && window.scrollY === 0 && (kind === 'back_forward' || kind === 'reload')) {
    restoreScroll(kept);
  }
  manual();
  addEventListener('pagehide', onHide);
  addEventListener('pageshow', manual);
  return () => {
    removeEventListener('pagehide', onHide);
    removeEventListener('pageshow', manual);
  };
}
