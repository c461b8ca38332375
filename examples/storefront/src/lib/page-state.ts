// A page may keep its own state in its URL (the checkout's step and choices) so that a reload
// and Back do what a shopper expects. Such history entries carry `{ pageState: <path> }`:
// PageHost (src/app/page-host.tsx) treats a change between entries of the page on screen as the
// page's own business and neither fetches nor remounts it.

/** The history state of an entry a page wrote for its own state. */
export interface PageStateEntry {
  /** The path of the page that wrote it. */
  pageState: string;
  /** Pushed over another entry of the same page: one step back is that entry. */
  pushed?: true;
}

const pathOf = (href: string) => href.split(/[?#]/, 1)[0] ?? href;

/**
 * Writes the page's state as its URL: `replace` for a change of choice (no new history entry),
 * `push` for a step the shopper can go Back from.
 */
export function writePageState(href: string, how: 'push' | 'replace'): void {
  const state: PageStateEntry =
    how === 'push' ? { pageState: pathOf(href), pushed: true } : { pageState: pathOf(href) };
  if (how === 'push') window.history.pushState(state, '', href);
  else window.history.replaceState(state, '', href);
}

/** Whether the current entry was pushed over an earlier entry of the same page. */
export function isPushedPageState(state: unknown): boolean {
  return (state as Partial<PageStateEntry> | null)?.pushed === true;
}

/**
 * Whether moving from the page on screen (`pageHref`) to `href` with this history state stays on
 * that page: the entry was written by the page itself, and its path is the page's.
 */
export function isPageStateEntry(state: unknown, pageHref: string, href: string): boolean {
  const written = (state as Partial<PageStateEntry> | null)?.pageState;
  return written === pathOf(pageHref) && pathOf(href) === written;
}
