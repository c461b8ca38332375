import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { personNameArb } from '../../test/arbitraries';
import { avatarInitials } from './avatarInitials';

describe('avatarInitials', () => {
  test.each([
    ['山田 太郎', '山田'],
    ['山田\u3000太郎', '山田'],
    ['山田太郎', '山田'],
    ['林 檎', '林檎'],
    ['林', '林'],
    ['たなか ひなた', 'たな'],
    ['ﾔﾏﾀﾞ ﾀﾛｳ', 'ヤマ'],
    ['★ミク', 'ミク'],
    ['Taro Yamada', 'TY'],
    ['john ronald tolkien', 'JT'],
    ['Madonna', 'M'],
    ['émile zola', 'ÉZ'],
    ['ßtrasse À', 'ßÀ'],
    ['༠ 0', '༠0'],
    ['Ｔａｒｏ　Ｙａｍａｄａ', 'TY'],
    ['  ', ''],
    ['', ''],
    ['🎉', ''],
  ])('%j gives %j', (name, expected) => {
    expect(avatarInitials(name)).toBe(expected);
  });

  test.each([null, undefined])('%j gives an empty string', (name) => {
    expect(avatarInitials(name)).toBe('');
  });
});

describe('properties', () => {
  const graphemeCount = (s: string) =>
    [...new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(s)].length;

  test.prop([personNameArb])('is short: at most 2 characters, never whitespace', (name) => {
    const initials = avatarInitials(name);
    expect(graphemeCount(initials)).toBeLessThanOrEqual(2);
    expect(initials).not.toMatch(/\s/);
  });

  test.prop([personNameArb])(
    'is stable: the initials of the initials of a Japanese name are the same',
    (name) => {
      const initials = avatarInitials(name);
      if (!/^[\p{Script=Latin}\d]/u.test(initials)) expect(avatarInitials(initials)).toBe(initials);
    },
  );
});
