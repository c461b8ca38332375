import type { Category, Genre, ReleaseDatePrecision } from '@shop/rules';

// The catalog API's answers (docs/backoffice.md "Catalog", "Shapes").

export type ReservationKind = 'UNRELEASED' | 'BACKORDER';

export interface AdminVariation {
  id: number;
  name: string;
  position: number;
  /** null: 価格未定. */
  unitPrice: number | null;
  pointValue: number;
  stock: number;
  inStock: boolean;
}

export interface AdminBenefit {
  id: number;
  title: string;
  /** null: no limit. */
  availableMaxNum: number | null;
  claimedCount: number;
  distributed: boolean;
  expiryDate: string | null;
}

/** What POST products/ and PATCH products/:id/ take besides variations and benefits. */
export interface ProductFields {
  title: string;
  titleKana: string | null;
  description: string;
  categories: Category[];
  genre: Exclude<Genre, 'all'>;
  seriesTitle: string | null;
  seriesKana: string | null;
  authorName: string | null;
  authorKana: string | null;
  circleName: string | null;
  circleKana: string | null;
  publisher: string;
  isbn: string | null;
  isAdult: boolean;
  saleStartsAt: string | null;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision;
  reservationType: ReservationKind | null;
  expectedRestockDate: string | null;
  bonusContent: string | null;
}

export interface AdminProduct extends ProductFields {
  id: number;
  slug: string;
  coverImage: string | null;
  coverUploaded: boolean;
  orderCount: number;
  createdAt: string;
  updatedAt: string;
  variations: AdminVariation[];
  benefits: AdminBenefit[];
}

export interface AdminProductRow {
  id: number;
  slug: string;
  title: string;
  categories: string[];
  isbn: string | null;
  isAdult: boolean;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision;
  reservationType: ReservationKind | null;
  coverImage: string | null;
  updatedAt: string;
  variations: AdminVariation[];
}

export interface ProductPage {
  items: AdminProductRow[];
  nextCursor: string | null;
}

/** A variation write's answer. */
export interface VariationWrite {
  product: AdminProduct;
  variation: AdminVariation;
  restockNotices: number;
}

/** POST products/import/'s answer. */
export interface ImportAnswer {
  dryRun: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  variationsCreated: number;
  variationsUpdated: number;
}
