import { describe, expect, it } from 'vitest';
import { returnPath } from './fakemodal-close';

describe('returnPath', () => {
  it('returns to a path of this shop given in ?return=', () => {
    expect(returnPath('/common/credit-card?return=/checkout')).toBe('/checkout');
    expect(returnPath('/common/user-shipping-address?return=%2Fmypage%2Forder-history')).toBe(
      '/mypage/order-history',
    );
    expect(returnPath('/common/credit-card?return=%2Fsearch%3Fq%3D%E9%99%90%E5%AE%9A')).toBe(
      '/search?q=%E9%99%90%E5%AE%9A',
    );
  });

  it.each([
    // Issue 12: %09 decodes to a tab, which the browser drops: the link was //evil.example/.
    '/common/credit-card?return=/%09/evil.example/',
    '/common/user-shipping-address?return=/%09/evil.example/',
    '/common/credit-card?return=/%0A/evil.example/',
    '/common/credit-card?return=//evil.example/',
    '/common/credit-card?return=/%5Cevil.example/',
    '/common/credit-card?return=/.//evil.example/',
    '/common/credit-card?return=https://evil.example/',
    '/common/credit-card?return=javascript:alert(1)',
    '/common/credit-card?return=/nowhere',
    '/common/credit-card',
  ])('never leads to another site, and falls back to my page: %s', (href) => {
    expect(returnPath(href)).toBe('/mypage');
  });
});
