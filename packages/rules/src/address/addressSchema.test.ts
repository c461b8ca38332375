import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { invisibleCharacterArb, writtenCardArb } from '../../test/arbitraries';
import { ADDRESS_REQUIRED_MESSAGE, UNKNOWN_ADDRESS_FIELD_MESSAGE } from './addressErrorMessage';
import { ADDRESS_FIELD_LABELS, ADDRESS_FIELDS, ADDRESS_MAX_LENGTHS } from './addressFields';
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
  test.each([
    ['lastName', '山田\u202E'],
    ['firstName', '\u2067太郎'],
    ['lastNameKana', 'ヤマ\u200Cダ'],
    ['firstNameKana', 'タロウ\u0085'],
    ['city', '中央区\u200F'],
    ['street', '銀座1-2-3\u202D'],
    ['building', 'ビル\u{E0041}'],
    ['postalCode', '104\u2066-0061'],
    ['phone', '090\u061C-1234-5678'],
  ])(
    'refuses %s with a bidi control or another invisible character: invalid_characters',
    (field, value) => {
      const label = ADDRESS_FIELD_LABELS[field as keyof typeof ADDRESS_FIELD_LABELS];
      expect(addressSchema.safeParse({ ...umeda, [field]: value }).error?.issues).toEqual([
        expect.objectContaining({
          path: [field],
          message: `${label}に使用できない文字が含まれています`,
          params: { code: 'invalid_characters' },
        }),
      ]);
    },
  );
  test.each([
    ['street', '梅田3-1-1 4111 1111 1111 1111'],
    ['building', 'ビル ４１１１－１１１１－１１１１－１１１１'],
    ['city', '大阪市北区5555555555554444'],
    ['lastName', '3782 822463 10005'],
    ['firstName', '4111ー1111ー1111ー1111'],
    ['phone', '4111111111111111'],
  ])('refuses a card number in %s: card_number', (field, value) => {
    const label = ADDRESS_FIELD_LABELS[field as keyof typeof ADDRESS_FIELD_LABELS];
    expect(addressSchema.safeParse({ ...umeda, [field]: value }).error?.issues).toEqual([
      expect.objectContaining({
        path: [field],
        message: `${label}にカード番号のような数字は入力できません`,
        params: { code: 'card_number' },
      }),
    ]);
  });
  test('drops a zero-width space or a BOM pasted into a field', () => {
    const parsed = addressSchema.parse({
      ...umeda,
      street: '\uFEFF梅田3-1-1\u200B',
      lastNameKana: 'タ\u200Bナカ',
    });
    expect([parsed.street, parsed.lastNameKana]).toEqual(['梅田3-1-1', 'タナカ']);
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
  const textFields = ADDRESS_FIELDS.filter((field) => field !== 'prefecture');
  test.prop([writtenCardArb])(
    'stores no card number: a card number in any field is refused, as card_number when it fits the field',
    ({ written }) => {
      for (const field of textFields) {
        const result = addressSchema.safeParse({ ...umeda, [field]: written });
        const max: number | undefined = (ADDRESS_MAX_LENGTHS as Record<string, number>)[field];
        const fits = max === undefined || written.length <= max;
        expect(result.error?.issues).toEqual([
          expect.objectContaining(
            fits ? { path: [field], params: { code: 'card_number' } } : { path: [field] },
          ),
        ]);
      }
    },
  );
  test.prop([invisibleCharacterArb, fc.nat()])(
    'stores no invisible character: any field either refuses it or stores the field without it',
    (invisible, at) => {
      for (const field of textFields) {
        const value = umeda[field as keyof typeof umeda];
        const position = at % (value.length + 1);
        const typed = value.slice(0, position) + invisible + value.slice(position);
        const result = addressSchema.safeParse({ ...umeda, [field]: typed });
        if (result.success) {
          expect(Object.values(result.data).join('')).not.toMatch(
            /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\uFFFD\u3164]/u,
          );
        } else {
          expect(result.error.issues.map((i) => i.path[0])).toEqual([field]);
        }
      }
    },
  );
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
