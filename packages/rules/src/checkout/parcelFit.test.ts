import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { CATEGORIES } from '../search/categories';
import { PARCEL_ITEM_SIZES, parcelFit } from './parcelFit';

const categoryArb = fc.constantFrom(...CATEGORIES.map((c) => c.value));
const lineArb = fc.record({
  categories: fc.array(fc.oneof(categoryArb, fc.string()), { minLength: 0, maxLength: 3 }),
  quantity: fc.integer({ min: 1, max: 40 }),
});
const linesArb = fc.array(lineArb, { maxLength: 6 });

describe('parcelFit', () => {
  test('ゆうパケット takes two comics or a 文庫 trio, not 30 art books nor 3 comics of 15 mm', () => {
    expect(parcelFit('yu_packet', [{ categories: ['コミック'], quantity: 2 }])).toEqual({
      ok: true,
      thicknessMm: 30,
      weightG: 400,
    });
    expect(parcelFit('yu_packet', [{ categories: ['コミック'], quantity: 3 }]).ok).toBe(false);
    expect(parcelFit('yu_packet', [{ categories: ['画集'], quantity: 30 }])).toEqual({
      ok: false,
      reason: 'parcel_too_large',
      thicknessMm: 600,
      weightG: 27000,
    });
    // Thin but heavy: three magazines are 30 mm and 1,350 g.
    expect(parcelFit('yu_packet', [{ categories: ['雑誌'], quantity: 3 }]).ok).toBe(false);
  });
  test('中古 adds no size of its own, and an unknown category counts as the largest', () => {
    expect(parcelFit('yu_packet', [{ categories: ['コミック', '中古'], quantity: 1 }])).toEqual({
      ok: true,
      thicknessMm: 15,
      weightG: 200,
    });
    expect(parcelFit('yu_packet', [{ categories: ['同人誌'], quantity: 1 }])).toMatchObject({
      thicknessMm: 20,
      weightG: 900,
    });
  });
});

describe('properties', () => {
  test.prop([linesArb])('宅配便 has no limit: every shipment fits', (lines) => {
    expect(parcelFit('home_delivery', lines).ok).toBe(true);
  });
  test.prop([lineArb.map((l) => ({ ...l, quantity: 1 }))])(
    'any single item fits ゆうパケット (the method is never refused for one book)',
    (line) => {
      expect(parcelFit('yu_packet', [line]).ok).toBe(true);
    },
  );
  test.prop([linesArb, lineArb])(
    'is monotonic: adding an item never makes a shipment fit that did not',
    (lines, extra) => {
      if (!parcelFit('yu_packet', lines).ok) {
        expect(parcelFit('yu_packet', [...lines, extra]).ok).toBe(false);
      }
    },
  );
  test.prop([linesArb])('sums the estimates by quantity, whatever the order of lines', (lines) => {
    const a = parcelFit('yu_packet', lines);
    const b = parcelFit('yu_packet', [...lines].reverse());
    expect(b).toEqual(a);
    expect(Object.values(PARCEL_ITEM_SIZES).every((s) => s.thicknessMm <= 30)).toBe(true);
  });
});
