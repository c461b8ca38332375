import { describe, expect, it } from 'vitest';
import { returnPath } from './fakemodal-close';

describe('returnPath', () => {
  it('returns to a path of this shop given in ?return=', () => {
    expect(returnPath('/common/credit-card?return=/checkout')).toBe('/checkout');
    expect(returnPath('/common/user-shipping-address?return=%2Fmypage%2Forder-history')).toBe(
      '/mypage/order-history',
    );
  });

  it('never leads to another site, and falls back to my page', () => {
    expect(returnPath('/common/credit-card?return=//evil.example/')).toBe('/mypage');
    expect(returnPath('/common/credit-card?return=/%5Cevil.example/')).toBe('/mypage');
    expect(returnPath('/common/credit-card?return=https://evil.example/')).toBe('/mypage');
    expect(returnPath('/common/credit-card?return=javascript:alert(1)')).toBe('/mypage');
    expect(returnPath('/common/credit-card')).toBe('/mypage');
  });
});
