import {
  BROWSABLE_GENRES,
  CATEGORIES,
  jstToday,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_PAGE,
  parseSearchParams,
  SEARCH_FILTERS,
  SORT_OPTIONS,
} from '@shop/rules';
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { TtlCache } from '../lib/ttl-cache';
import { searchPageSchema } from '../schemas/catalog';
import { searchProducts } from '../services/search';
import { popularSearches } from '../services/search-suggestions';

/** The search parameters as @shop/rules parseSearchParams reads them (unknown values dropped). */
const searchQueryDoc = z.object({
  q: z.string().max(MAX_QUERY_LENGTH).optional(),
  categories: z
    .string()
    .meta({ description: `Comma-separated: ${CATEGORIES.map((c) => c.value).join(', ')}` })
    .optional(),
  genres: z
    .string()
    .meta({
      description: `Comma-separated, any of them matches: ${BROWSABLE_GENRES.map((g) => g.value).join(', ')}`,
    })
    .optional(),
  filter: z
    .string()
    .meta({ description: `Comma-separated: ${SEARCH_FILTERS.map((f) => f.value).join(', ')}` })
    .optional(),
  sort: z.enum(SORT_OPTIONS.map((s) => s.value)).optional(),
  page: z.int().min(1).max(MAX_SEARCH_PAGE).optional(),
});

/**
 * GET /api/search/?q=&categories=&genres=&filter=&sort=&page=: parameters exactly as @shop/rules
 * parseSearchParams reads them (unknown values are dropped, never an error), so a search URL of
 * the storefront and the API agree.
 */
export function searchRoutes(deps: AppDeps) {
  // The popular searches of an empty result change with sales: cached like a ranking.
  const popular = new TtlCache<string[]>(deps.config.cacheTtlMs);
  return new Hono().get(
    '/',
    documented({
      tag: 'catalog',
      summary: 'Search the catalog (unknown parameter values are dropped, never refused)',
      query: searchQueryDoc,
      parsedBy: '@shop/rules parseSearchParams',
      response: searchPageSchema.extend({ query: z.object({}).loose() }),
    }),
    async (c) => {
      const query = parseSearchParams(new URL(c.req.url).searchParams);
      const now = deps.now();
      const page = await searchProducts(deps.db, query, now, () =>
        popular.get(jstToday(now), Date.now(), () => popularSearches(deps.db)),
      );
      return c.json({ query, ...page });
    },
  );
}
