import { describe, expect, it } from 'vitest';
import { canonicalHref } from './current-href';

describe('canonicalHref', () => {
  it('spells an href as the browser sent it the way wouter gives it', () => {
    expect(canonicalHref('/search?q=%E9%99%90%E5%AE%9A%E7%89%88')).toBe('/search?q=限定版');
    expect(canonicalHref('/search?q=限定版')).toBe('/search?q=限定版');
    expect(canonicalHref('/genre/%E3%83%95%E3%82%A1%E3%83%B3%E3%82%BF%E3%82%B8%E3%83%BC')).toBe(
      '/genre/ファンタジー',
    );
  });

  it('keeps the escapes of reserved characters, so a value never becomes a separator', () => {
    expect(canonicalHref('/search?q=a%26b&sort=new')).toBe('/search?q=a%26b&sort=new');
    expect(canonicalHref('/search?q=a%3Db')).toBe('/search?q=a%3Db');
    expect(canonicalHref('/search?q=a+b')).toBe('/search?q=a+b');
  });

  it('keeps a malformed escape as it is', () => {
    expect(canonicalHref('/search?q=%E9%99')).toBe('/search?q=%E9%99');
  });
});
