import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { DELIVERY_TIME_SLOTS } from './deliveryTimeSlots';

describe('DELIVERY_TIME_SLOTS', () => {
  test("lists the spec's slots in order", () => {
    expect(DELIVERY_TIME_SLOTS.map((slot) => slot.label)).toEqual([
      '指定なし',
      '午前中',
      '12:00-14:00',
      '14:00-16:00',
      '16:00-18:00',
      '18:00-21:00',
    ]);
    expect(DELIVERY_TIME_SLOTS[0].value).toBe('unspecified');
  });
});

describe('properties', () => {
  test("names its hours: a timed slot's value is the hours of its label", () => {
    for (const slot of DELIVERY_TIME_SLOTS.slice(2)) {
      const [from, to] = slot.label.split('-').map((time) => String(Number.parseInt(time, 10)));
      expect(slot.value).toBe(`${from}-${to}`);
    }
  });
});
