import type { Paged } from '../types/api';
import { ShopLink } from './shop-link';

/** The page numbers shown around the current one: first, last and two either side. */
export function pageWindow(page: number, pages: number): (number | `gap-${number}`)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | `gap-${number}`)[] = [];
  for (const [i, n] of numbers.entries()) {
    const previous = numbers[i - 1];
    if (previous !== undefined && n - previous > 1) out.push(`gap-${previous}`);
    out.push(n);
  }
  return out;
}

/** Page links for a paged list; `hrefFor` builds the URL of a page. */
export function Pagination({
  page,
  perPage,
  total,
  hrefFor,
  maxPage,
}: {
  page: number;
  perPage: number;
  total: number;
  hrefFor: (page: number) => string;
  /** The deepest page the list serves, if it has a limit (MAX_SEARCH_PAGE). */
  maxPage?: number;
}) {
  const pages = Math.min(
    Math.max(1, Math.ceil(total / perPage)),
    maxPage ?? Number.POSITIVE_INFINITY,
  );
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="ページ送り">
      <ul>
        {page > 1 ? (
          <li>
            <ShopLink href={hrefFor(page - 1)} rel="prev" prefetch={false}>
              前へ
            </ShopLink>
          </li>
        ) : null}
        {pageWindow(page, pages).map((n) =>
          typeof n === 'string' ? (
            <li key={n} aria-hidden="true">
              <span>…</span>
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page">{n}</span>
              ) : (
                <ShopLink href={hrefFor(n)} prefetch={false} aria-label={`${n}ページ目`}>
                  {n}
                </ShopLink>
              )}
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <ShopLink href={hrefFor(page + 1)} rel="next">
              次へ
            </ShopLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** Page links for a `Paged` list at `path`: page 1 is `path` itself, page n `path?page=n`. */
export function PagedLinks({ list, path }: { list: Paged<unknown>; path: string }) {
  return (
    <Pagination
      page={list.page}
      perPage={list.per_page}
      total={list.total}
      hrefFor={(page) => (page > 1 ? `${path}?page=${page}` : path)}
    />
  );
}
