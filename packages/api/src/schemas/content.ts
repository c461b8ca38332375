import * as z from 'zod';
import {
  pageSchema,
  personRefSchema,
  productCardSchema,
  rankingSchema,
  seriesRefSchema,
} from './catalog';

export const newsSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  published_at: z.string(),
});
export const newsDetailSchema = newsSummarySchema.extend({ body: z.string() });
export const newsPageSchema = pageSchema(newsSummarySchema);

export const showcaseSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export const showcaseDetailSchema = showcaseSummarySchema.extend({
  products: z.array(productCardSchema),
});

export const gallerySummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  image: z.string(),
  published_at: z.string(),
  author: personRefSchema.nullable(),
});
export const galleryDetailSchema = gallerySummarySchema.extend({
  body: z.string(),
  product: productCardSchema.nullable(),
});
export const galleryPageSchema = pageSchema(gallerySummarySchema);

export const seriesDetailSchema = seriesRefSchema.extend({
  products: pageSchema(productCardSchema),
});
export const authorDetailSchema = personRefSchema.extend({
  name_kana: z.string(),
  products: pageSchema(productCardSchema),
});

export type NewsSummary = z.infer<typeof newsSummarySchema>;
export type NewsDetail = z.infer<typeof newsDetailSchema>;
export type ShowcaseSummary = z.infer<typeof showcaseSummarySchema>;
export type ShowcaseDetail = z.infer<typeof showcaseDetailSchema>;
export type GallerySummary = z.infer<typeof gallerySummarySchema>;
export type GalleryDetail = z.infer<typeof galleryDetailSchema>;
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;
export type AuthorDetail = z.infer<typeof authorDetailSchema>;

export const homedataSchema = z.object({
  news: z.array(newsSummarySchema),
  showcases: z.array(showcaseSummarySchema),
  releases_today: z.object({
    date: z.iso.date(),
    total: z.number().int(),
    items: z.array(productCardSchema),
  }),
  rankings: z.object({ daily: rankingSchema, reservation: rankingSchema }),
  new_arrivals: z.array(productCardSchema),
  benefit_products: z.array(productCardSchema),
  gallery: z.array(gallerySummarySchema),
});

export type Homedata = z.infer<typeof homedataSchema>;
