/**
 * The delivery time slots a shopper may ask for with a shipping method that `hasOption`
 * (宅配便), spec section 9. `value` is what requests and the database carry; `label` is shown.
 *
 * @example
 * DELIVERY_TIME_SLOTS.map((s) => s.label);
 * // ['指定なし', '午前中', '12:00-14:00', '14:00-16:00', '16:00-18:00', '18:00-21:00']
 */
export const DELIVERY_TIME_SLOTS = [
  { value: 'unspecified', label: '指定なし' },
  { value: 'morning', label: '午前中' },
  { value: '12-14', label: '12:00-14:00' },
  { value: '14-16', label: '14:00-16:00' },
  { value: '16-18', label: '16:00-18:00' },
  { value: '18-21', label: '18:00-21:00' },
] as const;

/**
 * A delivery time slot value, e.g. `'morning'` or `'18-21'`.
 *
 * @example
 * const slot: DeliveryTimeSlot = 'morning'; // 午前中
 */
export type DeliveryTimeSlot = (typeof DELIVERY_TIME_SLOTS)[number]['value'];
