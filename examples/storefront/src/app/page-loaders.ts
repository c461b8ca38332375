import type { RouteId } from '@shop/rules';
import type { StorefrontSettings } from '../../server/ssr-contract';
import type { ApiClient } from '../lib/api-client';
import type { PageHead } from '../lib/page-payload';

/** What a page loader gets: the matched parameters, the query and the in-process API. */
export interface LoaderContext {
  params: Record<string, string>;
  search: URLSearchParams;
  href: string;
  api: ApiClient;
  settings: StorefrontSettings;
  now: Date;
}

export interface LoaderResult<Data = unknown> {
  data: Data;
  head: Omit<PageHead, 'title'> & { title: string };
  status?: number;
}

export type PageLoader<Data = unknown> = (context: LoaderContext) => Promise<LoaderResult<Data>>;

/**
 * The `page` query parameter: a positive integer up to `max` (the last page the API takes), else
 * the first page.
 */
export function pageParam(search: URLSearchParams, max = 99_999): number {
  const raw = search.get('page') ?? '';
  return /^[1-9]\d{0,8}$/.test(raw) && Number(raw) <= max ? Number(raw) : 1;
}

export type PageLoaders = Partial<Record<RouteId, PageLoader<unknown>>>;
