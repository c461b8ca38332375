import { type BenefitActivityInput, isBenefitActive } from './isBenefitActive';

/**
 * The benefits (特典) of a product that are active at `now` (see `isBenefitActive`), in their
 * original order. A product without benefits gives `[]`.
 *
 * @example
 * activeBenefits(
 *   {
 *     benefits: [
 *       { title: 'イラストカード', available_max_num: 100, distributed: true, expiry_date: null },
 *       { title: 'しおり', available_max_num: 0, distributed: true, expiry_date: null },
 *     ],
 *   },
 *   new Date('2026-12-01T00:00:00+09:00'),
 * ); // [{ title: 'イラストカード', ... }]
 */
export function activeBenefits<B extends BenefitActivityInput>(
  product: { benefits?: readonly B[] | null },
  now: Date,
): B[] {
  return (product.benefits ?? []).filter((benefit) => isBenefitActive(benefit, now));
}
