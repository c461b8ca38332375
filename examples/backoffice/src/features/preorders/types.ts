// 予約集計's rows (GET reservations/summary/), taken from the API's own type (type-only).
export type { ReservationSummaryRow as SummaryRow } from '@shop/api/types';
