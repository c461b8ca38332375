import type { ReservationType } from '../schemas/reservationType';
import { type ReservationTypeLabel, reservationTypeLabel } from './reservationTypeLabel';

/**
 * What `productReservationLabel` reads: the product's own type and its variations' types.
 *
 * @example
 * const product: ProductReservationInput = { reservation_type: 'BACKORDER' };
 */
export interface ProductReservationInput {
  reservation_type?: ReservationType | undefined;
  variations?: readonly { reservation_type?: ReservationType | undefined }[] | null;
}

/**
 * The reservation label a product shows (docs/spec.md §4): the label of its own type when
 * that is set (a non-empty string, even an unknown one, which gives `''`); otherwise the label
 * all its variations agree on; otherwise `''` (variations disagree, or there are none).
 *
 * @example
 * productReservationLabel({ reservation_type: 'BACKORDER', variations: [] }); // 'お取り寄せ'
 * productReservationLabel({
 *   reservation_type: null,
 *   variations: [{ reservation_type: 'UNRELEASED' }, { reservation_type: 'UNRELEASED' }],
 * }); // '予約受付中'
 * productReservationLabel({
 *   reservation_type: null,
 *   variations: [{ reservation_type: 'UNRELEASED' }, { reservation_type: 'BACKORDER' }],
 * }); // ''
 */
export function productReservationLabel(product: ProductReservationInput): ReservationTypeLabel {
  const own = product.reservation_type;
  if (own !== null && own !== undefined && own !== '') return reservationTypeLabel(own);
  const [first, ...rest] = (product.variations ?? []).map((variation) =>
    reservationTypeLabel(variation.reservation_type),
  );
  if (first === undefined) return '';
  return rest.every((label) => label === first) ? first : '';
}
