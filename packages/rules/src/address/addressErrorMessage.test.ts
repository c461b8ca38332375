import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { type AddressErrorCode, addressErrorMessage } from './addressErrorMessage';
import { ADDRESS_FIELD_LABELS, ADDRESS_FIELDS } from './addressFields';

const CODES: AddressErrorCode[] = [
  'required',
  'invalid_type',
  'too_long',
  'invalid_characters',
  'card_number',
  'invalid_postal_code',
  'invalid_prefecture',
  'invalid_kana',
  'invalid_phone',
];

describe('addressErrorMessage', () => {
  test('asks for a missing field, and to choose the prefecture', () => {
    expect(addressErrorMessage('city', 'required')).toBe('市区町村を入力してください');
    expect(addressErrorMessage('lastNameKana', 'invalid_type')).toBe('セイを入力してください');
    expect(addressErrorMessage('prefecture', 'required')).toBe('都道府県を選択してください');
    expect(addressErrorMessage('prefecture', 'invalid_prefecture')).toBe(
      '都道府県を選択してください',
    );
  });
  test('states the limit of a text field', () => {
    expect(addressErrorMessage('street', 'too_long')).toBe('番地は100文字以内で入力してください');
    expect(addressErrorMessage('lastName', 'too_long')).toBe('姓は20文字以内で入力してください');
    expect(addressErrorMessage('firstNameKana', 'too_long')).toBe(
      'メイは40文字以内で入力してください',
    );
  });
  test('treats an over-long phone number as a format error', () => {
    expect(addressErrorMessage('phone', 'too_long')).toBe('電話番号は正しい形式で入力してください');
  });
  test('explains each format with an example or the digits expected', () => {
    expect(addressErrorMessage('postalCode', 'invalid_postal_code')).toBe(
      '郵便番号は7桁の数字（例: 104-0061）で入力してください',
    );
    expect(addressErrorMessage('firstNameKana', 'invalid_kana')).toBe(
      'メイは全角カタカナで入力してください',
    );
    expect(addressErrorMessage('phone', 'invalid_phone')).toBe(
      '電話番号は市外局番から10桁または11桁で入力してください',
    );
    expect(addressErrorMessage('building', 'invalid_characters')).toBe(
      '建物名に使用できない文字が含まれています',
    );
    expect(addressErrorMessage('street', 'card_number')).toBe(
      '番地にカード番号のような数字は入力できません',
    );
  });
  test('falls back to the generic message for a format code on another field', () => {
    expect(addressErrorMessage('city', 'invalid_phone')).toBe(
      '市区町村は正しい形式で入力してください',
    );
    expect(addressErrorMessage('postalCode', 'too_long')).toBe(
      '郵便番号は正しい形式で入力してください',
    );
  });
});

describe('properties', () => {
  test('names its field: every message contains the field label and asks in polite Japanese', () => {
    for (const field of ADDRESS_FIELDS) {
      for (const code of CODES) {
        const message = addressErrorMessage(field, code);
        expect(message).toContain(ADDRESS_FIELD_LABELS[field]);
        expect(message).toMatch(/ください$|含まれています$|できません$/);
      }
    }
  });
});
