import type { ListPage } from '@shop/api/types';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { api } from './api';
import { useQuery } from './use-query';

// A list page's query lives in its URL under the API's own names (docs/backoffice.md "Lists"),
// so a filtered list is a link one can share or reload, and the API query is the URL's.

/** Which names a page's URL carries, in order, and which values each takes. */
export type QueryShape<K extends string> = Readonly<Record<K, (value: string) => boolean>>;

/** The values a URL carries: each name present only with a value its shape takes. */
export type UrlQuery<K extends string> = Partial<Record<K, string>>;

/** Any value that is not empty (a search word, a cursor). */
export const anyValue = (): boolean => true;

/** A `yyyy-MM-dd` day, as date inputs and the API write it. */
export const isDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The query a URL search string carries: values trimmed; empty, unknown or malformed ones dropped. */
export function readQuery<K extends string>(shape: QueryShape<K>, search: string): UrlQuery<K> {
  const params = new URLSearchParams(search);
  const query: UrlQuery<K> = {};
  for (const key of Object.keys(shape) as K[]) {
    const value = params.get(key)?.trim();
    if (value && shape[key](value)) query[key] = value;
  }
  return query;
}

/** The URL search string (without `?`) of a query, in the shape's order. */
export function writeQuery<K extends string>(shape: QueryShape<K>, query: UrlQuery<K>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(shape) as K[]) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/**
 * The page's query as its URL carries it, the search string that names it (the key to load it
 * by), and `go`, which moves the page to another query.
 */
export function useUrlQuery<K extends string>(page: string, shape: QueryShape<K>) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = readQuery(shape, search);
  const key = writeQuery(shape, query);
  const go = (next: UrlQuery<K>) => {
    const text = writeQuery(shape, next);
    navigate(text ? `${page}?${text}` : page);
  };
  return { query, key, go };
}

/**
 * A keyset list page (docs/backoffice.md "Lists"): its query as the URL carries it (useUrlQuery)
 * and the page of rows GET `path` answers for that query, loaded again whenever it changes.
 * `pages` is what a KeysetTable needs of it: the rows, the page shown and the way to another.
 */
export function useListQuery<Row, K extends string = string>(
  page: string,
  shape: QueryShape<K | 'cursor'>,
  path: string,
) {
  const url = useUrlQuery(page, shape);
  const list = useQuery(url.key, () => api.get<ListPage<Row>>(path, { ...url.query }));
  const pages = {
    list,
    cursor: url.query.cursor,
    onPage: (cursor: string | undefined) => url.go({ ...url.query, cursor }),
  };
  return { ...url, list, pages };
}

/**
 * A filter form's draft of a URL query, applied with `go` on submit: `bind(name)` gives a field
 * its value and change under the API's name for it (an emptied field drops the name).
 */
export function useQueryDraft<K extends string>(initial: UrlQuery<K>) {
  const [draft, setDraft] = useState(initial);
  const bind = (key: K) => ({
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [key]: event.target.value || undefined })),
  });
  return { draft, setDraft, bind };
}
