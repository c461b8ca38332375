import { z } from 'zod';
import { isoDateSchema } from './isoDate';

/**
 * A purchase benefit (特典) of a product, with the spec's snake_case field names.
 *
 * - `title`: what the shopper gets, e.g. 「描き下ろしイラストカード」.
 * - `available_max_num`: how many can be handed out; `0` or `null` means none (inactive).
 * - `distributed`: whether the benefit is being handed out at all.
 * - `expiry_date`: the last moment it is handed out; a date-only value covers that whole JST day;
 *   `null` means no expiry.
 *
 * @example
 * benefitSchema.parse({
 *   title: '描き下ろしイラストカード',
 *   available_max_num: 100,
 *   distributed: true,
 *   expiry_date: '2026-12-31',
 * });
 */
export const benefitSchema = z.object({
  title: z.string().min(1),
  available_max_num: z.number().int().nonnegative().nullable(),
  distributed: z.boolean(),
  expiry_date: isoDateSchema.nullable(),
});

/**
 * A purchase benefit (特典): see `benefitSchema`.
 *
 * @example
 * const benefit: Benefit = benefitSchema.parse(json);
 */
export type Benefit = z.infer<typeof benefitSchema>;
