import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  OVERSEAS_ADDRESS_FIELD_LABELS,
  OVERSEAS_ADDRESS_FIELDS,
  overseasAddressErrorMessage,
  validateOverseasAddress,
} from './overseasAddress';
import { OVERSEAS_COUNTRIES } from './overseasCountries';
import { PREFECTURES } from './prefectures';

const london = {
  country: 'GB',
  fullName: 'Hanako Sato',
  line1: '221B Baker Street',
  line2: 'Flat 2',
  city: 'London',
  region: '',
  postalCode: 'NW1 6XE',
  phone: '+442079460000',
};

const latinWord = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9.,'#/-]{0,14}$/);
const latinLine = fc
  .array(latinWord, { minLength: 1, maxLength: 4 })
  .map((words) => words.join(' '));
const validAddress = fc.record({
  country: fc.constantFrom(...OVERSEAS_COUNTRIES.map((c) => c.code)),
  fullName: latinLine,
  line1: latinLine,
  line2: fc.option(latinLine, { nil: undefined }),
  city: latinLine,
  region: fc.option(latinLine, { nil: undefined }),
  postalCode: fc.stringMatching(/^[A-Z0-9]{2,5}([ -][A-Z0-9]{1,4})?$/),
  phone: fc.stringMatching(/^\+?[0-9]{7,15}$/),
});

describe('validateOverseasAddress', () => {
  test('accepts an address abroad and returns it canonically', () => {
    expect(
      validateOverseasAddress({
        ...london,
        fullName: 'Ｈａｎａｋｏ  Sato',
        line2: undefined,
        postalCode: 'nw1 6xe',
        phone: '+44 (20) 7946-0000',
      }),
    ).toEqual({
      ok: true,
      address: { ...london, line2: '', postalCode: 'NW1 6XE', phone: '+442079460000' },
    });
  });

  test.prop([validAddress])('accepts every well-formed address and keeps it as typed', (form) => {
    const result = validateOverseasAddress(form);
    expect(result).toEqual({
      ok: true,
      address: { ...form, line2: form.line2 ?? '', region: form.region ?? '' },
    });
  });

  test.prop([validAddress])('is idempotent: the canonical address validates to itself', (form) => {
    const first = validateOverseasAddress(form);
    if (!first.ok) throw new Error('valid form refused');
    expect(validateOverseasAddress(first.address)).toEqual(first);
  });

  test.prop([
    validAddress,
    fc.constantFrom('fullName', 'line1', 'line2', 'city', 'region'),
    fc.string({ minLength: 1, maxLength: 5 }).map((s) => `山田${s}`),
  ])('refuses Japanese script in any text field: not_latin', (form, field, text) => {
    const result = validateOverseasAddress({ ...form, [field]: text });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors)).toEqual([field]);
    expect(result.fieldErrors[field]?.code).toMatch(/^(not_latin|invalid_characters)$/);
  });

  test.prop([validAddress, fc.constantFrom('JP', 'jp', 'XX', 'USA', ...PREFECTURES)])(
    'refuses a country outside the list, Japan included',
    (form, country) => {
      const result = validateOverseasAddress({ ...form, country });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.fieldErrors).toEqual({
          country: { code: 'invalid_country', message: '国・地域を選択してください' },
        });
      }
    },
  );

  test.prop([validAddress, fc.stringMatching(/^\+?[0-9]{0,6}$|^\+?[0-9]{16,20}$|^[0-9]+[a-z]+$/)])(
    'refuses a phone of fewer than 7 or more than 15 digits, or with letters',
    (form, phone) => {
      const result = validateOverseasAddress({ ...form, phone });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors.phone?.code).toMatch(/^(invalid_phone|required)$/);
    },
  );

  const postalCodeMessage = '郵便番号は英数字2〜10文字で入力してください';
  test.each([
    ['postalCode', 'A', 'invalid_postal_code', postalCodeMessage],
    ['postalCode', '12345678901', 'invalid_postal_code', postalCodeMessage],
    ['city', '', 'required', '都市名を入力してください'],
    ['line1', 'A'.repeat(101), 'too_long', '住所1は100文字以内で入力してください'],
    ['line1', 'Baker\u202EStreet', 'invalid_characters', '住所1に使用できない文字が含まれています'],
    [
      'line2',
      '4111 1111 1111 1111',
      'card_number',
      '住所2にカード番号のような数字は入力できません',
    ],
    ['fullName', 'Sató', 'not_latin', '氏名は半角英数字で入力してください'],
    ['country', undefined, 'required', '国・地域を選択してください'],
    ['phone', 123, 'required', '電話番号を入力してください'],
  ])('refuses %s %j: %s with its Japanese message', (field, value, code, message) => {
    expect(validateOverseasAddress({ ...london, [field]: value })).toEqual({
      ok: false,
      reason: 'invalid_address',
      fieldErrors: { [field]: { code, message } },
      unknownFields: [],
    });
  });

  test('refuses the fields of a Japanese address and reads a non-object as an empty form', () => {
    const result = validateOverseasAddress({ ...london, prefecture: '東京都' });
    expect(result).toMatchObject({ ok: false, unknownFields: ['prefecture'], fieldErrors: {} });
    const empty = validateOverseasAddress(null);
    expect(empty.ok ? [] : Object.keys(empty.fieldErrors)).toEqual([
      'country',
      'fullName',
      'line1',
      'city',
      'postalCode',
      'phone',
    ]);
  });

  test('a 15-digit phone that passes a card checksum is still a phone', () => {
    const result = validateOverseasAddress({ ...london, phone: '+4111111111111111'.slice(0, 16) });
    expect(result.ok ? result.address.phone : result.fieldErrors).toBe('+411111111111111');
  });

  test('every field has a label and every code a message naming it', () => {
    for (const field of OVERSEAS_ADDRESS_FIELDS) {
      expect(overseasAddressErrorMessage(field, 'required')).toMatch(/選択|入力/);
      expect(OVERSEAS_ADDRESS_FIELD_LABELS[field]).not.toBe('');
    }
  });
});
