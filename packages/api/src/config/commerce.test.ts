import { describe, expect, test } from 'vitest';
import { DEMO_PAYEE, loadCommerceConfig } from './commerce';

describe('payee accounts', () => {
  test('default to the demo shop’s made-up accounts', () => {
    expect(loadCommerceConfig({}).payee).toEqual(DEMO_PAYEE);
  });
  test('come from BANK_* and YUCHO_* when set', () => {
    const { payee } = loadCommerceConfig({
      BANK_NAME: '三井住友銀行',
      BANK_BRANCH_NAME: 'さくら支店',
      BANK_VIRTUAL_ACCOUNT_BASE: '5000000',
      BANK_ACCOUNT_HOLDER: 'カ）ブックス',
      YUCHO_SYMBOL: '00150-1',
      YUCHO_NUMBER: '987654',
    });
    expect(payee).toEqual({
      bankName: '三井住友銀行',
      branchName: 'さくら支店',
      virtualAccountBase: 5_000_000,
      accountHolder: 'カ）ブックス',
      yuchoSymbol: '00150-1',
      yuchoNumber: '987654',
    });
  });
  test('refuse malformed account numbers at start', () => {
    expect(() => loadCommerceConfig({ BANK_VIRTUAL_ACCOUNT_BASE: '1234567' })).toThrow(
      /BANK_VIRTUAL_ACCOUNT_BASE/,
    );
    expect(() => loadCommerceConfig({ BANK_VIRTUAL_ACCOUNT_BASE: 'abc' })).toThrow(
      /BANK_VIRTUAL_ACCOUNT_BASE/,
    );
    expect(() => loadCommerceConfig({ YUCHO_SYMBOL: '123' })).toThrow(/YUCHO_SYMBOL/);
    expect(() => loadCommerceConfig({ YUCHO_NUMBER: '12345678' })).toThrow(/YUCHO_NUMBER/);
  });
});
