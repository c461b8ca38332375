import { afterEach, describe, expect, it } from 'vitest';
import { configureCardGateway } from '../../../lib/card-gateway';
import { type CardInput, type CheckedCard, loadCardTokenizer, tokenizeCard } from './card-token';
import type { GmoMultipayment } from './gmo-card-token';

const NOW = new Date('2026-06-15T03:00:00Z');
const card = (overrides: Partial<CardInput> = {}): CardInput => ({
  number: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '30',
  cvc: '123',
  holder: 'HANAKO SHIORI',
  ...overrides,
});

/** The field tokenizeCard refuses this card under, or null when it takes the card. */
async function refusedField(overrides: Partial<CardInput>) {
  const result = await tokenizeCard(card(overrides), NOW);
  return result.ok ? null : result.field;
}

describe('tokenizeCard', () => {
  it('turns a card into a sandbox token with brand, last four digits and expiry only', async () => {
    const result = await tokenizeCard(card(), NOW);
    expect(result).toMatchObject({ ok: true, brand: 'VISA', last4: '4242' });
    if (!result.ok) throw new Error('refused');
    expect(result.token).toMatch(/^tok_sandbox_ok_VISA_4242_3012_[a-z0-9]{8,32}$/);
    expect(result.token).not.toContain('42424242');
  });

  it('reads full-width digits, spaces and hyphens as the rules normalise them', async () => {
    const result = await tokenizeCard(card({ number: '３５３０-1113-3330-0000' }), NOW);
    expect(result).toMatchObject({ ok: true, brand: 'JCB', last4: '0000' });
  });

  it('reads full-width digits in the expiry and security code as it does in the number', async () => {
    const result = await tokenizeCard(
      card({
        number: '４２４２４２４２４２４２４２４２',
        expiryMonth: '０９',
        expiryYear: '３０',
        cvc: '１２３',
      }),
      NOW,
    );
    expect(result).toMatchObject({ ok: true, brand: 'VISA', last4: '4242' });
    if (!result.ok) throw new Error('refused');
    expect(result.token).toMatch(/^tok_sandbox_ok_VISA_4242_3009_/);
    expect(
      await tokenizeCard(card({ expiryMonth: '１', expiryYear: '２０３０' }), NOW),
    ).toMatchObject({ ok: true });
  });

  it('refuses an expiry that is not digits rather than reading a number out of it', async () => {
    for (const expiryMonth of ['0x9', '1e1', '']) {
      expect(await refusedField({ expiryMonth })).toBe('expiryMonth');
    }
    expect(await refusedField({ expiryYear: '203' })).toBe('expiryMonth');
  });

  it('refuses a number failing Luhn or of the wrong length under the number field', async () => {
    for (const number of ['4242 4242 4242 4241', '424242424242', '4242x4242424242424']) {
      expect(await tokenizeCard(card({ number }), NOW)).toEqual({
        ok: false,
        field: 'number',
        message: 'カード番号をご確認ください',
      });
    }
  });

  it('refuses a brand the gateway does not take', async () => {
    // A valid Luhn number in Discover's range.
    const result = await tokenizeCard(card({ number: '6011111111111117' }), NOW);
    expect(result).toMatchObject({ ok: false, field: 'number' });
    if (result.ok) throw new Error('accepted');
    expect(result.message).toContain('VISA');
  });

  it('refuses an expired card by the month in Japan time', async () => {
    // 2026-05-31T15:30Z is already June in Japan: May 2026 has expired there.
    const lastOfMay = new Date('2026-05-31T15:30:00Z');
    expect(await tokenizeCard(card({ expiryMonth: '05', expiryYear: '26' }), lastOfMay)).toEqual({
      ok: false,
      field: 'expiryYear',
      message: '有効期限が切れています',
    });
    expect(
      await tokenizeCard(card({ expiryMonth: '06', expiryYear: '2026' }), lastOfMay),
    ).toMatchObject({ ok: true });
    expect(await refusedField({ expiryMonth: '13' })).toBe('expiryMonth');
  });

  it('asks American Express for four security digits and the others for three', async () => {
    const amex = card({ number: '378282246310005', cvc: '123' });
    expect(await tokenizeCard(amex, NOW)).toMatchObject({ ok: false, field: 'cvc' });
    expect(await tokenizeCard({ ...amex, cvc: '1234' }, NOW)).toMatchObject({
      ok: true,
      brand: 'AMEX',
    });
    expect(await refusedField({ cvc: '1234' })).toBe('cvc');
  });

  it('asks for the holder in roman letters', async () => {
    expect(await refusedField({ holder: '栞 花子' })).toBe('holder');
  });

  it('gives the sandbox test numbers their fixed outcomes', async () => {
    const declined = await tokenizeCard(card({ number: '4000000000000002' }), NOW);
    expect(declined.ok && declined.token).toMatch(/^tok_sandbox_decline_VISA_0002_/);
  });
});

describe('the tokeniser the settings choose', () => {
  const GMO = { kind: 'gmo', shopId: 'tshop00000001', environment: 'test' } as const;
  const gmoCalls: unknown[] = [];
  const fakeTokenJs: GmoMultipayment = {
    init: (shopId) => gmoCalls.push({ init: shopId }),
    getToken: (request, callback) => {
      gmoCalls.push(request);
      callback({
        resultCode: '000',
        tokenObject: {
          token: 'gmo-one-time-token',
          maskedCardNo: '424242******4242',
          toBeExpiredAt: '2026-06-15-12-30-00',
          isSecurityCodeSet: true,
        },
      });
    },
  };
  const withTokenJs = () => {
    (window as Window & { Multipayment?: GmoMultipayment }).Multipayment = fakeTokenJs;
  };

  afterEach(() => {
    configureCardGateway({ kind: 'sandbox' });
    delete (window as Window & { Multipayment?: GmoMultipayment }).Multipayment;
    gmoCalls.length = 0;
  });

  it('is the sandbox unless the boot data configured another gateway', async () => {
    withTokenJs();
    const result = await tokenizeCard(card(), NOW);
    expect(result.ok && result.token).toMatch(/^tok_sandbox_ok_VISA_4242_3012_/);
    expect(gmoCalls).toEqual([]);
  });

  it("is GMO's token script once configured, given the checked card and the shop id", async () => {
    withTokenJs();
    configureCardGateway(GMO);
    expect(await tokenizeCard(card({ number: '４２４２-4242-4242-4242' }), NOW)).toEqual({
      ok: true,
      token: 'gmo-one-time-token',
      brand: 'VISA',
      last4: '4242',
    });
    expect(gmoCalls).toEqual([
      { init: 'tshop00000001' },
      {
        cardno: '4242424242424242',
        expire: '3012',
        securitycode: '123',
        holdername: 'HANAKO SHIORI',
        tokennumber: 1,
      },
    ]);
  });

  it('checks the card before GMO sees it', async () => {
    withTokenJs();
    expect(await tokenizeCard(card({ number: '4242 4242 4242 4241' }), NOW, GMO)).toMatchObject({
      ok: false,
      field: 'number',
    });
    expect(gmoCalls).toEqual([]);
  });

  it('passes on a GMO refusal as it was mapped', async () => {
    (window as Window & { Multipayment?: GmoMultipayment }).Multipayment = {
      init: () => undefined,
      getToken: (_request, callback) => callback({ resultCode: '122' }),
    };
    expect(await tokenizeCard(card(), NOW, GMO)).toEqual({
      ok: false,
      field: 'cvc',
      message: 'セキュリティコードをご確認ください',
    });
  });

  it('loads a tokeniser per kind', async () => {
    withTokenJs();
    const sandbox = await loadCardTokenizer({ kind: 'sandbox' });
    const gmo = await loadCardTokenizer(GMO);
    const checked: CheckedCard = {
      number: '4242424242424242',
      brand: 'VISA',
      expire: '3012',
      cvc: '123',
      holder: 'HANAKO SHIORI',
    };
    expect(await gmo.tokenize(checked)).toEqual({ ok: true, token: 'gmo-one-time-token' });
    expect(await sandbox.tokenize(checked)).toEqual({
      ok: true,
      token: expect.stringMatching(/^tok_sandbox_ok_VISA_4242_3012_/),
    });
  });
});
