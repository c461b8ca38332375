import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { addressErrorMessage } from './addressErrorMessage';
import { ADDRESS_FIELDS } from './addressFields';
import { addressSchema } from './addressSchema';
import { PREFECTURES } from './prefectures';
import { validateShippingAddress } from './validateShippingAddress';

const naha = {
  postalCode: '900-0015',
  prefecture: '沖縄県',
  city: '那覇市',
  street: '久茂地1-1-1',
  lastName: '比嘉',
  firstName: '美咲',
  lastNameKana: 'ヒガ',
  firstNameKana: 'ミサキ',
  phone: '098-123-4567',
};

const textArb = (chars: string, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength });
const kanaArb = textArb(
  'あいうえおかがきぎさしずたちつなにはばぱまやゆよらりわをんアイウカキサタナハマヤラワンー',
  12,
);

/** A shipping address a shopper might type, with IME variations; always valid. */
const typedAddressArb = fc.record(
  {
    postalCode: fc
      .tuple(fc.stringMatching(/^\d{7}$/), fc.constantFrom('', '-', 'ー', '－'), fc.boolean())
      .map(([d, dash, mark]) => `${mark ? '〒' : ''}${d.slice(0, 3)}${dash}${d.slice(3)}`),
    prefecture: fc.constantFrom(...PREFECTURES),
    city: textArb('札幌市中央区横浜西郡町村', 20),
    street: textArb('銀座丁目番地号北条西1２３-－', 40),
    building: textArb('ﾋﾞﾙマンション階号室 5F', 40),
    lastName: textArb('山田佐藤鈴木高橋ＡＢ', 10),
    firstName: textArb('太郎花子一二三', 10),
    lastNameKana: kanaArb,
    firstNameKana: kanaArb,
    phone: fc.constantFrom(
      '03-1234-5678',
      '０９０－１２３４－５６７８',
      '+81 80 1234 5678',
      '(011) 123-4567',
    ),
  },
  { requiredKeys: ADDRESS_FIELDS.filter((f) => f !== 'building') },
);

/** A typed address with some fields replaced by anything at all, and maybe extra keys. */
const mangledAddressArb = fc
  .tuple(
    typedAddressArb,
    fc.dictionary(fc.constantFrom(...ADDRESS_FIELDS), fc.oneof(fc.string(), fc.anything())),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.anything(), { maxKeys: 2 }),
  )
  .map(([address, replaced, extra]) => ({ ...extra, ...address, ...replaced }));

describe('validateShippingAddress', () => {
  test('gives the canonical address', () => {
    expect(
      validateShippingAddress({
        ...naha,
        postalCode: '〒９００ー００１５',
        lastNameKana: 'ひが',
      }),
    ).toEqual({
      ok: true,
      address: { ...naha, building: '', phone: '0981234567' },
    });
  });
  test('gives the first refusal of each field with its code and Japanese message', () => {
    expect(
      validateShippingAddress({
        ...naha,
        postalCode: '900-001',
        lastNameKana: '比嘉',
        city: 'あ'.repeat(51),
        phone: '090-1234-567',
      }),
    ).toEqual({
      ok: false,
      reason: 'invalid_address',
      unknownFields: [],
      fieldErrors: {
        postalCode: {
          code: 'invalid_postal_code',
          message: '郵便番号は7桁の数字（例: 104-0061）で入力してください',
        },
        city: { code: 'too_long', message: '市区町村は50文字以内で入力してください' },
        lastNameKana: { code: 'invalid_kana', message: 'セイは全角カタカナで入力してください' },
        phone: {
          code: 'invalid_phone',
          message: '電話番号は市外局番から10桁または11桁で入力してください',
        },
      },
    });
  });
  test('tells a missing field (required) from a wrong type (invalid_type)', () => {
    const { city: _city, ...withoutCity } = naha;
    const result = validateShippingAddress({ ...withoutCity, street: 42, prefecture: '沖縄' });
    expect(result.ok || result.fieldErrors).toEqual({
      city: { code: 'required', message: '市区町村を入力してください' },
      street: { code: 'invalid_type', message: '番地を入力してください' },
      prefecture: { code: 'invalid_prefecture', message: '都道府県を選択してください' },
    });
  });
  test('reports a blank field as required and a control character as invalid_characters', () => {
    const result = validateShippingAddress({ ...naha, firstName: ' ', building: 'A\u0000' });
    expect(result.ok || result.fieldErrors).toEqual({
      firstName: { code: 'required', message: '名を入力してください' },
      building: { code: 'invalid_characters', message: '建物名に使用できない文字が含まれています' },
    });
  });
  test('reports a right-to-left override as invalid_characters and a card number as card_number', () => {
    const result = validateShippingAddress({
      ...naha,
      lastName: '山田\u202E',
      street: '泉崎1-2-3 4111-1111-1111-1111',
    });
    expect(result.ok || result.fieldErrors).toEqual({
      lastName: { code: 'invalid_characters', message: '姓に使用できない文字が含まれています' },
      street: { code: 'card_number', message: '番地にカード番号のような数字は入力できません' },
    });
  });
  test('lists fields an address does not have', () => {
    const result = validateShippingAddress({ ...naha, country: 'JP', zip: '1' });
    expect(result).toEqual({
      ok: false,
      reason: 'invalid_address',
      fieldErrors: {},
      unknownFields: ['country', 'zip'],
    });
  });
  test.each([null, 'x', 42, []])(
    'reads %j as an empty form: every required field is required',
    (input) => {
      const result = validateShippingAddress(input);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(Object.keys(result.fieldErrors)).toEqual(
        ADDRESS_FIELDS.filter((f) => f !== 'building'),
      );
      expect(Object.values(result.fieldErrors).every((e) => e.code === 'required')).toBe(true);
    },
  );
});

describe('properties', () => {
  test.prop([fc.oneof(fc.anything(), mangledAddressArb)])(
    'never throws: any value gives a typed result',
    (input) => {
      const result = validateShippingAddress(input);
      expect(typeof result.ok).toBe('boolean');
    },
  );
  test.prop([mangledAddressArb])(
    'agrees with addressSchema: ok exactly when the schema accepts, with the same value',
    (input) => {
      const result = validateShippingAddress(input);
      const parsed = addressSchema.safeParse(input);
      expect(result.ok).toBe(parsed.success);
      if (result.ok) expect(result.address).toEqual(parsed.data);
    },
  );
  test.prop([mangledAddressArb])(
    'one rule, one message: every field error is addressErrorMessage(field, code)',
    (input) => {
      const result = validateShippingAddress(input);
      if (result.ok) return;
      expect(Object.keys(result.fieldErrors).length + result.unknownFields.length).toBeGreaterThan(
        0,
      );
      for (const field of ADDRESS_FIELDS) {
        const error = result.fieldErrors[field];
        if (error) expect(error.message).toBe(addressErrorMessage(field, error.code));
      }
    },
  );
  test.prop([typedAddressArb])('accepts what a shopper types', (input) => {
    expect(validateShippingAddress(input).ok).toBe(true);
  });
  test.prop([typedAddressArb])(
    'is idempotent: validating a validated address gives it back unchanged',
    (input) => {
      const once = validateShippingAddress(input);
      if (!once.ok) throw new Error('a typed address must be valid');
      expect(validateShippingAddress(once.address)).toEqual(once);
    },
  );
});
