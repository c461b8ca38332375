import {
  CARRIER_NAMES,
  CARRIERS,
  isCarrier,
  normalizeTrackingNumber,
  RELEASE_DATE_PRECISIONS,
} from '@shop/rules';
import * as z from 'zod';
import { shopperText } from '../lib/shopper-text';
import type { Tracking } from '../services/orders';

// What the shop's staff send to act on orders and products, read by the operator API
// (routes/operator.ts), the back office (admin/) and the operator CLI (scripts/operator.ts).

export const releaseDateSchema = z.strictObject({
  releaseDate: z.iso.date({ error: '発売日は2026-04-01のように年-月-日で指定してください' }),
  /** How much of the date is known; a month part or a month is stored as its first day. */
  precision: z
    .enum(RELEASE_DATE_PRECISIONS, { error: '発売日の精度（日・上中下旬・月）をご確認ください' })
    .default('day'),
  reason: shopperText({ label: '理由', max: 200, required: false }).default(''),
});

/** The highest price, in yen tax included, and the most of a count (stock, points) staff set. */
export const MAX_PRICE = 10_000_000;
export const MAX_COUNT = 1_000_000;

/** A whole number of `unit`s from `min` to `max`, refused with Japanese messages naming `label`. */
export function wholeNumber(label: string, unit: string, min: number, max: number) {
  return z
    .number({ error: `${label}を数値で指定してください` })
    .int({ error: `${label}は${unit}単位の整数で指定してください` })
    .min(min, { error: `${label}は${min.toLocaleString('en-US')}以上で指定してください` })
    .max(max, { error: `${label}は${max.toLocaleString('en-US')}以下で指定してください` });
}

export const stockBodySchema = z.strictObject({ stock: wholeNumber('在庫数', '個', 0, MAX_COUNT) });

export const priceBodySchema = z.strictObject({
  unitPrice: wholeNumber('価格', '円', 1, MAX_PRICE),
  pointValue: wholeNumber('付与ポイント', 'ポイント', 0, MAX_COUNT).optional(),
});

/**
 * How the parcel travels: a carrier of @shop/rules CARRIERS and a tracking number of that
 * carrier's length (hyphens, spaces and full-width digits as the slip prints them).
 */
export const shipmentSchema = z
  .strictObject({
    carrier: z.enum(CARRIER_NAMES as [string, ...string[]], {
      error: `配送業者は${CARRIER_NAMES.map((name) => CARRIERS[name].label).join('・')}のいずれかを選んでください`,
    }),
    trackingNumber: z.string({ error: '追跡番号を入力してください' }).max(40, {
      error: '追跡番号が長すぎます',
    }),
  })
  .superRefine((value, context) => {
    if (!isCarrier(value.carrier)) return;
    if (normalizeTrackingNumber(value.carrier, value.trackingNumber) === null) {
      const { label, digits } = CARRIERS[value.carrier];
      context.addIssue({
        code: 'custom',
        path: ['trackingNumber'],
        message: `追跡番号は${label}の${digits.join('桁・')}桁の数字で入力してください`,
        params: { code: 'tracking_number' },
      });
    }
  });

/** The validated shipment as the services take it: the carrier and the normalised number. */
export function trackingOf(shipment: z.infer<typeof shipmentSchema>): Tracking {
  const { carrier, trackingNumber } = shipment;
  // The schema accepted both: a carrier, and a number normalizeTrackingNumber reads.
  if (!isCarrier(carrier)) throw new Error(`unchecked carrier ${carrier}`);
  const normalized = normalizeTrackingNumber(carrier, trackingNumber);
  if (normalized === null) throw new Error('unchecked tracking number');
  return { carrier, trackingNumber: normalized };
}
