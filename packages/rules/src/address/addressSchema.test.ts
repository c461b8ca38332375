import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { ADDRESS_REQUIRED_MESSAGE, UNKNOWN_ADDRESS_FIELD_MESSAGE } from './addressErrorMessage';
import { addressSchema } from './addressSchema';

const umeda = {
  postalCode: '530-0001',
  prefecture: '大阪府',
  city: '大阪市北区',
  street: '梅田3-1-1',
  building: 'ウメダタワー 12F',
  lastName: '田中',
  firstName: '一郎',
  lastNameKana: 'タナカ',
  firstNameKana: 'イチロウ',
  phone: '06-1234-5678',
};

describe('addressSchema', () => {
  test('accepts a Japanese address and returns it canonically', () => {
    expect(
      addressSchema.parse({
        ...umeda,
        postalCode: '〒５３０ー０００１',
        street: '梅田３－１－１',
        lastNameKana: 'たなか',
        firstNameKana: 'ｲﾁﾛｳ',
        phone: '０９０－１２３４－５６７８',
      }),
    ).toEqual({
      ...umeda,
      street: '梅田3-1-1',
      phone: '09012345678',
    });
  });
  test('makes the building optional and trims every text field', () => {
    const { building: _none, ...withoutBuilding } = umeda;
    expect(addressSchema.parse(withoutBuilding).building).toBe('');
    expect(addressSchema.parse({ ...umeda, city: '\u3000大阪市北区 ' }).city).toBe('大阪市北区');
  });
  test.each([
    ['postalCode', '〒104', '郵便番号は7桁の数字（例: 104-0061）で入力してください'],
    ['postalCode', 'ABC-DEFG', '郵便番号は7桁の数字（例: 104-0061）で入力してください'],
    ['prefecture', 'Tokyo', '都道府県を選択してください'],
    ['prefecture', undefined, '都道府県を選択してください'],
    ['city', '', '市区町村を入力してください'],
    ['street', '番'.repeat(101), '番地は100文字以内で入力してください'],
    ['building', '\u0000', '建物名に使用できない文字が含まれています'],
    ['firstName', null, '名を入力してください'],
    ['lastName', '山'.repeat(21), '姓は20文字以内で入力してください'],
    ['lastNameKana', 'Yamada', 'セイは全角カタカナで入力してください'],
    ['firstNameKana', 'タ'.repeat(41), 'メイは40文字以内で入力してください'],
    ['phone', '03-1234-567', '電話番号は市外局番から10桁または11桁で入力してください'],
    ['phone', '0'.repeat(21), '電話番号は正しい形式で入力してください'],
    ['street', 123, '番地を入力してください'],
    ['building', 'ビル\uD800', '建物名に使用できない文字が含まれています'],
  ])('refuses %s %j with its Japanese message', (field, value, message) => {
    const result = addressSchema.safeParse({ ...umeda, [field]: value });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [field, message],
    ]);
  });
  test('counts a text limit after NFKC, so a full-width run of 50 fits the city', () => {
    expect(addressSchema.safeParse({ ...umeda, city: 'Ａ'.repeat(50) }).success).toBe(true);
    expect(addressSchema.safeParse({ ...umeda, city: '㍿'.repeat(13) }).error?.issues).toEqual([
      expect.objectContaining({ path: ['city'], code: 'too_big' }),
    ]);
  });
  test('refuses what is not an object, and unknown fields, in Japanese', () => {
    expect(addressSchema.safeParse('東京都').error?.issues[0]?.message).toBe(
      ADDRESS_REQUIRED_MESSAGE,
    );
    expect(addressSchema.safeParse({ ...umeda, country: 'JP' }).error?.issues[0]?.message).toBe(
      UNKNOWN_ADDRESS_FIELD_MESSAGE,
    );
  });
  test('does not check that the postal code belongs to the prefecture (that needs Japan Post data)', () => {
    expect(addressSchema.safeParse({ ...umeda, prefecture: '東京都' }).success).toBe(true);
  });
});

describe('properties', () => {
  test.prop([fc.anything()])('never throws: safeParse answers any value', (value) => {
    expect(typeof addressSchema.safeParse(value).success).toBe('boolean');
  });
  test.prop([fc.dictionary(fc.string(), fc.string())])(
    'speaks Japanese: every refusal of a string-valued form has a Japanese message',
    (extra) => {
      const result = addressSchema.safeParse({ ...umeda, ...extra });
      for (const issue of result.error?.issues ?? []) {
        expect(issue.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      }
    },
  );
});
