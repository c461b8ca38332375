import type { ReleaseDatePrecision } from '@shop/rules';

/** One row of 予約集計 (GET reservations/summary/): an edition and the copies reserved. */
export interface SummaryRow {
  productId: number;
  title: string;
  variationId: number;
  variationName: string;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision;
  /** 価格未定: reservable with no price yet. */
  priceUndecided: boolean;
  unitPrice: number | null;
  stock: number;
  /** Copies in open orders. */
  reservedQuantity: number;
  orderCount: number;
  byState: { reserved: number; awaiting_payment: number; preparing: number; bundled: number };
  paidQuantity: number;
}
