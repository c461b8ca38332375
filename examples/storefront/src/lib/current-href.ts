import { useLocation, useSearch } from 'wouter';

/**
 * An href in the spelling wouter's hooks give it, for comparing two hrefs, never for fetching:
 * the path and query `decodeURI`d (`/search?q=限定版`), escapes of reserved characters (`%26`,
 * `%3D`…) kept. The server's page payloads carry the href as the browser sent it
 * (`/search?q=%E9%99%90…`); compared with wouter's as they came, the page of any non-ASCII query
 * looked like another page once hydrated, and was fetched and rendered a second time. A
 * malformed escape is kept as it is (as wouter does).
 */
export function canonicalHref(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

/** The href of the current history entry (path and query), in `canonicalHref`'s spelling. */
export function useCurrentHref(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/** The href of the current history entry exactly as the browser would send it, to fetch. */
export function sentHref(): string {
  return `${window.location.pathname}${window.location.search}`;
}
