import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { reservationTypeArb } from '../../test/arbitraries';
import { productReservationLabel } from './productReservationLabel';
import { reservationTypeLabel } from './reservationTypeLabel';

const v = (reservation_type: string | null) => ({ reservation_type });

describe('productReservationLabel', () => {
  test('"shows a label ... if its own type is set": the own type wins over variations', () => {
    expect(
      productReservationLabel({ reservation_type: 'BACKORDER', variations: [v('UNRELEASED')] }),
    ).toBe('お取り寄せ');
  });
  test("an own type that is set but unknown gives empty, not the variations' label", () => {
    expect(
      productReservationLabel({ reservation_type: 'NORMAL', variations: [v('UNRELEASED')] }),
    ).toBe('');
  });
  test('"or if all its variations agree on one label"', () => {
    expect(
      productReservationLabel({
        reservation_type: null,
        variations: [v('UNRELEASED'), v('UNRELEASED')],
      }),
    ).toBe('予約受付中');
    expect(productReservationLabel({ reservation_type: '', variations: [v('BACKORDER')] })).toBe(
      'お取り寄せ',
    );
  });
  test('variations that disagree, or no variations, give empty', () => {
    expect(
      productReservationLabel({
        reservation_type: null,
        variations: [v('UNRELEASED'), v('BACKORDER')],
      }),
    ).toBe('');
    expect(
      productReservationLabel({ reservation_type: null, variations: [v('UNRELEASED'), v(null)] }),
    ).toBe('');
    expect(productReservationLabel({ reservation_type: null, variations: [] })).toBe('');
    expect(productReservationLabel({})).toBe('');
  });
});

describe('properties', () => {
  test.prop([reservationTypeArb, fc.array(reservationTypeArb, { maxLength: 5 })])(
    'is the own label when set, else the unanimous variation label, else empty',
    (own, types) => {
      const label = productReservationLabel({ reservation_type: own, variations: types.map(v) });
      if (own) expect(label).toBe(reservationTypeLabel(own));
      else {
        const labels = new Set(types.map((type) => reservationTypeLabel(type)));
        expect(label).toBe(labels.size === 1 ? [...labels][0] : '');
      }
    },
  );
  test.prop([fc.array(reservationTypeArb, { minLength: 1, maxLength: 5 })])(
    'ignores the order of variations',
    (types) => {
      const forward = productReservationLabel({ reservation_type: null, variations: types.map(v) });
      const backward = productReservationLabel({
        reservation_type: null,
        variations: [...types].reverse().map(v),
      });
      expect(backward).toBe(forward);
    },
  );
});
