import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { reservationTypeLabel } from './reservationTypeLabel';

describe('reservationTypeLabel', () => {
  test('"UNRELEASED gives 予約受付中; BACKORDER gives お取り寄せ"', () => {
    expect(reservationTypeLabel('UNRELEASED')).toBe('予約受付中');
    expect(reservationTypeLabel('BACKORDER')).toBe('お取り寄せ');
  });
  test('"anything else gives empty"', () => {
    for (const type of ['NORMAL', '', 'unreleased', 'toString', null, undefined]) {
      expect(reservationTypeLabel(type)).toBe('');
    }
  });
});

describe('properties', () => {
  test.prop([fc.string().filter((s) => s !== 'UNRELEASED' && s !== 'BACKORDER')])(
    'gives empty for every other string',
    (type) => {
      expect(reservationTypeLabel(type)).toBe('');
    },
  );
});
