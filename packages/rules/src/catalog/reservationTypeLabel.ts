import type { ReservationType } from '../schemas/reservationType';

/**
 * The label of each known reservation type.
 *
 * @example
 * RESERVATION_TYPE_LABELS.BACKORDER; // 'お取り寄せ'
 */
export const RESERVATION_TYPE_LABELS = {
  UNRELEASED: '予約受付中',
  BACKORDER: 'お取り寄せ',
} as const;

/**
 * A reservation type label: 予約受付中, お取り寄せ, or `''` for any other type.
 *
 * @example
 * const label: ReservationTypeLabel = reservationTypeLabel('UNRELEASED'); // '予約受付中'
 */
export type ReservationTypeLabel =
  | (typeof RESERVATION_TYPE_LABELS)[keyof typeof RESERVATION_TYPE_LABELS]
  | '';

/**
 * The label of a reservation type (docs/spec.md §4): UNRELEASED gives 予約受付中, BACKORDER
 * gives お取り寄せ, anything else (another string, `''`, `null`, `undefined`) gives `''`.
 *
 * @example
 * reservationTypeLabel('UNRELEASED'); // '予約受付中'
 * reservationTypeLabel('BACKORDER'); // 'お取り寄せ'
 * reservationTypeLabel(null); // ''
 */
export function reservationTypeLabel(type: ReservationType | undefined): ReservationTypeLabel {
  switch (type) {
    case 'UNRELEASED':
      return RESERVATION_TYPE_LABELS.UNRELEASED;
    case 'BACKORDER':
      return RESERVATION_TYPE_LABELS.BACKORDER;
    default:
      return '';
  }
}
