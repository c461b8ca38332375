import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { CARRIER_NAMES, CARRIERS, isCarrier } from './carriers';
import { normalizeTrackingNumber } from './normalizeTrackingNumber';
import { trackingUrl } from './trackingUrl';

const carrierArb = fc.constantFrom(...CARRIER_NAMES);
/** A carrier with a number of one of its lengths. */
const parcelArb = carrierArb.chain((carrier) =>
  fc
    .constantFrom(...CARRIERS[carrier].digits)
    .chain((length) => fc.stringMatching(new RegExp(`^[0-9]{${length}}$`)))
    .map((number) => ({ carrier, number })),
);

describe('normalizeTrackingNumber', () => {
  test('reads the slip as printed: hyphens, spaces, full-width digits', () => {
    expect(normalizeTrackingNumber('yamato', '1234-5678-9012')).toBe('123456789012');
    expect(normalizeTrackingNumber('yamato', ' 1234 5678 9012 ')).toBe('123456789012');
    expect(normalizeTrackingNumber('japan_post', '１２３４－５６７８－９０１２')).toBe(
      '123456789012',
    );
  });
  test('refuses a number of another length or with letters', () => {
    expect(normalizeTrackingNumber('yamato', '12345678901')).toBeNull();
    expect(normalizeTrackingNumber('sagawa', '12345678901')).toBeNull();
    expect(normalizeTrackingNumber('yamato', '12345678901a')).toBeNull();
    expect(normalizeTrackingNumber('yamato', '')).toBeNull();
  });
});

describe('trackingUrl', () => {
  test("opens the carrier's page of that parcel", () => {
    expect(trackingUrl('yamato', '1234-5678-9012')).toBe(
      'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=123456789012',
    );
    expect(trackingUrl('japan_post', '12345678901')).toContain('reqCodeNo1=12345678901&');
    expect(trackingUrl('sagawa', 'x')).toBeNull();
  });
  test('isCarrier knows the carriers and nothing else', () => {
    expect(CARRIER_NAMES.every(isCarrier)).toBe(true);
    expect(isCarrier('toString')).toBe(false);
    expect(isCarrier('Yamato')).toBe(false);
  });
});

describe('properties', () => {
  test.prop([parcelArb])('is idempotent: a normalised number normalises to itself', (p) => {
    const once = normalizeTrackingNumber(p.carrier, p.number);
    expect(once).toBe(p.number);
    expect(normalizeTrackingNumber(p.carrier, once ?? '')).toBe(once);
  });
  test.prop([parcelArb, fc.array(fc.constantFrom('-', ' ', '－'), { maxLength: 3 })])(
    'ignores separators: a number with hyphens or spaces anywhere is the same number',
    (p, separators) => {
      let written = p.number;
      for (const [i, s] of separators.entries()) {
        const at = (i * 4 + 1) % written.length;
        written = `${written.slice(0, at)}${s}${written.slice(at)}`;
      }
      expect(normalizeTrackingNumber(p.carrier, written)).toBe(p.number);
    },
  );
  test.prop([carrierArb, fc.string()])(
    'links only to a search that can succeed: a URL exactly when the number is valid, ending in it',
    (carrier, input) => {
      const number = normalizeTrackingNumber(carrier, input);
      const url = trackingUrl(carrier, input);
      expect(url === null).toBe(number === null);
      if (number !== null) {
        expect(url?.startsWith('https://')).toBe(true);
        expect(url).toContain(number);
        expect(number).toMatch(/^[0-9]+$/);
      }
    },
  );
});
