import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  ADDRESS_FIELD_LABELS,
  ADDRESS_FIELDS,
  ADDRESS_MAX_LENGTHS,
  EMPTY_ADDRESS,
} from './addressFields';

describe('ADDRESS_FIELDS', () => {
  test('lists the label lines in print order, readings after names and the phone last', () => {
    expect(ADDRESS_FIELDS.join(' ')).toBe(
      'postalCode prefecture city street building lastName firstName lastNameKana firstNameKana phone',
    );
  });
  test('EMPTY_ADDRESS has every field, in order, empty, and cannot be changed', () => {
    expect(Object.entries(EMPTY_ADDRESS)).toEqual(ADDRESS_FIELDS.map((field) => [field, '']));
    expect(Object.isFrozen(EMPTY_ADDRESS)).toBe(true);
  });
  test('labels each field in Japanese', () => {
    expect(Object.keys(ADDRESS_FIELD_LABELS)).toEqual([...ADDRESS_FIELDS]);
    expect(ADDRESS_FIELD_LABELS.postalCode).toBe('郵便番号');
    expect(ADDRESS_FIELD_LABELS.lastNameKana).toBe('セイ');
  });
  test('limits lengths to a label line: 50 for the city, 100 for street and building, 20 per name', () => {
    const limits = Object.entries(ADDRESS_MAX_LENGTHS).map(([field, max]) => `${field} ${max}`);
    expect(limits.join(', ')).toBe(
      'city 50, street 100, building 100, lastName 20, firstName 20, lastNameKana 40, firstNameKana 40, phone 20',
    );
  });
});

describe('properties', () => {
  test('limits are positive whole numbers on real fields', () => {
    for (const field of Object.keys(ADDRESS_MAX_LENGTHS) as (keyof typeof ADDRESS_MAX_LENGTHS)[]) {
      expect(ADDRESS_FIELDS).toContain(field);
      expect(Number.isInteger(ADDRESS_MAX_LENGTHS[field])).toBe(true);
      expect(ADDRESS_MAX_LENGTHS[field]).toBeGreaterThan(0);
    }
  });
  test('a reading has room for its name: twice the characters, as kana spell a kanji in two or more', () => {
    for (const name of ['lastName', 'firstName'] as const) {
      expect(ADDRESS_MAX_LENGTHS[`${name}Kana`]).toBeGreaterThanOrEqual(
        2 * ADDRESS_MAX_LENGTHS[name],
      );
    }
  });
});
