import type { RouteId } from '@shop/rules';
import type { ApiFetch, StorefrontSettings } from '../../server/ssr-contract';
import type { PageHead } from './page-payload';

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

/** An API answer that is not 2xx; a 404 from the API makes the page a 404. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(`API ${status} for ${path}`);
    this.name = 'ApiError';
  }
}

/**
 * The `page` query parameter: a positive integer up to `max` (the last page the API takes), else
 * the first page.
 */
export function pageParam(search: URLSearchParams, max = 99_999): number {
  const raw = search.get('page') ?? '';
  return /^[1-9]\d{0,8}$/.test(raw) && Number(raw) <= max ? Number(raw) : 1;
}

export interface ApiClient {
  get<T>(path: string, query?: URLSearchParams | Record<string, string | undefined>): Promise<T>;
}

export function createApiClient(fetchApi: ApiFetch): ApiClient {
  return {
    async get<T>(path: string, query?: URLSearchParams | Record<string, string | undefined>) {
      const search = new URLSearchParams();
      if (query instanceof URLSearchParams) for (const [k, v] of query) search.append(k, v);
      else if (query)
        for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, v);
      const href = search.size > 0 ? `${path}?${search}` : path;
      const response = await fetchApi(href, { headers: { accept: 'application/json' } });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new ApiError(response.status, href, body);
      return body as T;
    },
  };
}

export type PageLoaders = Partial<Record<RouteId, PageLoader<unknown>>>;
