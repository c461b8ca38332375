import { describe, expect, it } from 'vitest';
import { pageHrefFromPayloadUrl, payloadUrl } from './page-payload';

describe('payloadUrl', () => {
  it('maps the top page to index.json', () => {
    expect(payloadUrl('/')).toBe('/_payload/index.json');
  });

  it('keeps the path and the query of a page', () => {
    expect(payloadUrl('/ranking/daily')).toBe('/_payload/ranking/daily.json');
    expect(payloadUrl('/search?q=abc&page=2')).toBe('/_payload/search.json?q=abc&page=2');
  });

  it('drops a trailing slash so /comic/ and /comic share one payload', () => {
    expect(payloadUrl('/comic/')).toBe('/_payload/comic.json');
  });
});

describe('pageHrefFromPayloadUrl', () => {
  it('is the inverse of payloadUrl', () => {
    for (const href of [
      '/',
      '/product/abc-1',
      '/search?q=%E9%99%90%E5%AE%9A%E7%89%88',
      '/lp/information/bundle',
    ]) {
      expect(pageHrefFromPayloadUrl(payloadUrl(href))).toBe(href);
    }
  });

  it('rejects anything that is not a payload URL', () => {
    expect(pageHrefFromPayloadUrl('/_payload/product/x')).toBeNull();
    expect(pageHrefFromPayloadUrl('/product/x.json')).toBeNull();
  });
});
