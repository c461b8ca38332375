import { imageUrl, type RouteId } from '@shop/rules';
import type { StorefrontSettings } from '../../server/ssr-contract';
import type { MemberData } from '../features/auth/components/member-gate';
import { type ApiClient, ApiError } from '../lib/api-client';
import type { PageHead } from '../lib/page-payload';

// The contract of a page loader (src/app/routes/<route>.loader.ts, run on the server only) and
// the helpers several loaders share.

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

export type PageLoaders = Partial<Record<RouteId, PageLoader<unknown>>>;

/**
 * The `page` query parameter: a positive integer up to `max` (the last page the API takes), else
 * the first page.
 */
export function pageParam(search: URLSearchParams, max = 99_999): number {
  const raw = search.get('page') ?? '';
  return /^[1-9]\d{0,8}$/.test(raw) && Number(raw) <= max ? Number(raw) : 1;
}

/** A list's title with its page number after the first page. */
export const paged = (title: string, page: number) =>
  page > 1 ? `${title}（${page}ページ目）` : title;

/** OGP images are product covers and banners through /_image, at the large width. */
export const ogImage = (src: string) => imageUrl(src, { width: 1200 });

/**
 * The loader of a content page named by its slug (a gallery entry, a showcase): the API's answer
 * is the page's data, and its title and image head the page.
 */
export const contentPage =
  <T extends { title: string; image: string }>(
    get: (api: ApiClient, slug: string) => Promise<T>,
    description: (content: T) => string,
    ogType: PageHead['ogType'],
  ): PageLoader<T> =>
  async ({ api, params }) => {
    const content = await get(api, params.slug ?? '');
    return {
      data: content,
      head: {
        title: content.title,
        description: description(content),
        ogType,
        ogImage: ogImage(content.image),
      },
    };
  };

/**
 * The loader of a page a mailed link opens: the link's token from the query, for the page to send
 * (loading the page changes nothing); never indexed.
 */
export const mailedLinkPage =
  (title: string, description: string): PageLoader<{ token: string }> =>
  async ({ search }) => ({
    data: { token: search.get('token') ?? '' },
    head: { title, description, ogType: 'website', noindex: true },
  });

/** The head of a developer page (/dev/*): never indexed. */
export const devHead = (title: string): PageHead => ({
  title,
  description: '開発者向けページ',
  ogType: 'website',
  noindex: true,
});

/** A page without API data: its route title and a description written for search results. */
export const staticPage =
  (title: string, description: string, extra: Partial<PageHead> = {}): PageLoader<null> =>
  async () => ({ data: null, head: { title, description, ogType: 'website' as const, ...extra } });

/**
 * The loader of a member-only page: its data through the in-process API with the shopper's
 * cookie; a guest's 401 makes the page ask for a login instead of an error screen.
 */
export function memberPage<T extends object>(
  title: string,
  description: string,
  load: (context: LoaderContext) => Promise<T>,
): PageLoader<MemberData<T>> {
  return async (context) => {
    const head = { title, description, ogType: 'website' as const, noindex: true };
    try {
      return { data: { guest: false, ...(await load(context)) }, head };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { data: { guest: true }, head };
      throw error;
    }
  };
}
