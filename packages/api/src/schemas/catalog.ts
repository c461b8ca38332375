import {
  benefitSchema,
  CATEGORIES,
  GENRES,
  isoDateSchema,
  productSchema,
  RANKING_TYPES,
  type RankingType,
  RESERVATION_TYPE_LABELS,
  releaseDateSchema,
  STOCK_LABELS,
  variationSchema,
} from '@shop/rules';
import * as z from 'zod';

// Response schemas of the catalog endpoints. Products extend the rules' wire schemas, so every
// product the API sends is also a valid @shop/rules Product. The same schemas produce the
// OpenAPI document (src/openapi.ts) and validate responses in the tests.

const categorySchema = z.enum(CATEGORIES.map((c) => c.value) as [string, ...string[]]);
const genreSchema = z.enum(GENRES.map((g) => g.value) as [string, ...string[]]);
const reservationLabelSchema = z.enum([...Object.values(RESERVATION_TYPE_LABELS), '']);

export const personRefSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['author', 'circle']),
});

export const seriesRefSchema = z.object({ slug: z.string(), title: z.string() });

/** A product as every list shows it (search results, rankings, release lists, top page). */
export const productCardSchema = z.object({
  slug: z.string(),
  title: z.string(),
  cover_image: z.string(),
  categories: z.array(categorySchema),
  genre: genreSchema,
  is_adult: z.boolean(),
  release_date: releaseDateSchema.nullable(),
  /** formatReleaseDate: 「2026年11月22日(日)発売」 or 「2026年12月下旬発売予定」. */
  release_date_label: z.string(),
  /** The lowest decided price among the variations, integer yen; null while undecided. */
  min_price: z.number().int().nullable(),
  price_undecided: z.boolean(),
  /** productReservationLabel: 予約受付中, お取り寄せ or ''. */
  reservation_label: reservationLabelSchema,
  /** stockLabel of the first variation that is in stock, else of the first variation. */
  stock_label: z.enum(STOCK_LABELS),
  has_active_benefit: z.boolean(),
  has_bonus: z.boolean(),
  disabled: z.boolean(),
});

export const variationDetailSchema = variationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  sell_start_date: isoDateSchema.nullable(),
  expected_restock_date: isoDateSchema.nullable(),
  stock_label: z.enum(STOCK_LABELS),
  price_undecided: z.boolean(),
});

export const postponementSchema = z.object({
  previous: releaseDateSchema,
  next: releaseDateSchema.nullable(),
  reason: z.string(),
  announced_at: isoDateSchema,
});

/** A product page: the rules' Product plus everything the page shows, labels computed. */
export const productDetailSchema = productSchema.extend({
  variations: z.array(variationDetailSchema),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover_image: z.string(),
  categories: z.array(categorySchema),
  genre: genreSchema,
  publisher: z.string(),
  isbn: z.string().nullable(),
  is_adult: z.boolean(),
  release_date: releaseDateSchema.nullable(),
  release_date_label: z.string(),
  reservation_label: reservationLabelSchema,
  /** activeBenefits(product, now): the benefits a shopper still gets. */
  active_benefits: z.array(benefitSchema),
  price_undecided: z.boolean(),
  disabled: z.boolean(),
  order_count: z.number().int(),
  series: seriesRefSchema.nullable(),
  author: personRefSchema.nullable(),
  circle: personRefSchema.nullable(),
  postponements: z.array(postponementSchema),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    items: z.array(item),
  });
}

export const productPageSchema = pageSchema(productCardSchema);

/** What a search that found nothing offers instead (services/search-suggestions.ts). */
export const searchSuggestionsSchema = z.object({
  /** Titles close to the query (pg_trgm similarity of the normalised titles), closest first. */
  titles: z.array(z.object({ title: z.string(), slug: z.string() })),
  /** Searches to try: the series of the best-selling products, most sold first. */
  popular: z.array(z.string()),
});

/**
 * Search results: `total` counts up to SEARCH_TOTAL_CAP; `total_capped` says there are more;
 * `suggestions` only when the search found nothing, else null.
 */
export const searchPageSchema = productPageSchema.extend({
  total_capped: z.boolean(),
  suggestions: searchSuggestionsSchema.nullable(),
});

export type ProductCard = z.infer<typeof productCardSchema>;
export type ProductDetail = z.infer<typeof productDetailSchema>;
export type ProductPage = z.infer<typeof productPageSchema>;
export type SearchPage = z.infer<typeof searchPageSchema>;
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const rankingSchema = z.object({
  type: z.enum(RANKING_TYPES.map((t) => t.value) as [RankingType, ...RankingType[]]),
  label: z.string(),
  /** The JST days counted, inclusive. */
  from: z.iso.date(),
  to: z.iso.date(),
  items: z.array(
    z.object({ rank: z.number().int(), units: z.number().int(), product: productCardSchema }),
  ),
});

export const saleListSchema = productPageSchema.extend({ from: z.iso.date(), to: z.iso.date() });

export type Ranking = z.infer<typeof rankingSchema>;
