// The API's response types, taken from its zod response schemas (type-only imports: nothing of
// the API reaches the browser bundle), so the storefront breaks at type-check time when a
// response changes shape.
export type {
  AuthorDetail,
  GalleryDetail,
  GallerySummary,
  Homedata,
  NewsDetail,
  NewsSummary,
  ProductCard,
  ProductDetail,
  ProductPage,
  Ranking,
  SearchSuggestions,
  SeriesDetail,
  ShowcaseDetail,
  ShowcaseSummary,
} from '@shop/api/types';

import type { ProductPage, SearchPage } from '@shop/api/types';
import type { SearchQuery } from '@shop/rules';

/**
 * GET /api/search/: the query as the API read it, one page of results, and what it offers when
 * it found nothing.
 */
export type SearchResult = SearchPage & { query: SearchQuery };

/** GET /api/productlist/sale/{term}/: a page of releases between two JST days. */
export type SaleList = ProductPage & { from: string; to: string };

/** A paged list of any item (news, gallery). */
export interface Paged<T> {
  total: number;
  page: number;
  per_page: number;
  items: T[];
}
