import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckedCard } from './card-token';
import {
  createGmoTokenizer,
  GMO_TOKEN_SCRIPTS,
  type GmoMultipayment,
  type GmoTokenResponse,
} from './gmo-card-token';

const CARD: CheckedCard = {
  number: '4111111111111111',
  brand: 'VISA',
  expire: '3012',
  cvc: '123',
  holder: 'HANAKO SHIORI',
};
const SETTINGS = { kind: 'gmo', shopId: 'tshop00000001', environment: 'test' } as const;

type Window_ = Window & { Multipayment?: GmoMultipayment };

/** A stand-in for token.js: answers getToken with `answer` (or never, for 'silent'). */
function fakeMultipayment(answer: GmoTokenResponse | 'silent') {
  const calls: { init: string[]; getToken: Parameters<GmoMultipayment['getToken']>[0][] } = {
    init: [],
    getToken: [],
  };
  const api: GmoMultipayment = {
    init: (shopId) => calls.init.push(shopId),
    getToken: (card, callback) => {
      calls.getToken.push(card);
      if (answer !== 'silent') setTimeout(() => callback(answer), 0);
    },
  };
  return { api, calls };
}

const issued = (token: string | string[]): GmoTokenResponse => ({
  resultCode: '000',
  tokenObject: {
    token,
    maskedCardNo: '411111******1111',
    toBeExpiredAt: '2026-06-15-12-30-00',
    isSecurityCodeSet: true,
  },
});

/** Tokenises CARD with token.js loaded and answering `answer`. */
function tokenizeAnswered(
  answer: GmoTokenResponse | 'silent',
  options?: { tokenTimeoutMs: number },
) {
  (window as Window_).Multipayment = fakeMultipayment(answer).api;
  return createGmoTokenizer(SETTINGS, options).tokenize(CARD);
}

const scriptTags = () => [...document.head.querySelectorAll('script')];

afterEach(() => {
  delete (window as Window_).Multipayment;
  // A load a test left in flight fails, so the next test starts without it.
  for (const script of scriptTags()) script.dispatchEvent(new Event('error'));
  vi.useRealTimers();
});

describe('the GMO tokeniser with token.js loaded', () => {
  it('initialises with the shop id and asks for one token of the checked card', async () => {
    const { api, calls } = fakeMultipayment(issued('gmo-token-abc'));
    (window as Window_).Multipayment = api;
    const result = await createGmoTokenizer(SETTINGS).tokenize(CARD);
    expect(result).toEqual({ ok: true, token: 'gmo-token-abc' });
    expect(calls.init).toEqual(['tshop00000001']);
    expect(calls.getToken).toEqual([
      {
        cardno: '4111111111111111',
        expire: '3012',
        securitycode: '123',
        holdername: 'HANAKO SHIORI',
        tokennumber: 1,
      },
    ]);
    // Already there: no second copy of the script is added.
    expect(scriptTags()).toHaveLength(0);
  });

  it('takes the first token when GMO answers with an array of them', async () => {
    expect(await tokenizeAnswered(issued(['first', 'second']))).toEqual({
      ok: true,
      token: 'first',
    });
  });

  it.each([
    ['100', 'number', 'カード番号をご確認ください'],
    ['101', 'number', 'カード番号をご確認ください'],
    ['102', 'number', 'カード番号をご確認ください'],
    ['110', 'expiryMonth', '有効期限をご確認ください'],
    ['113', 'expiryMonth', '有効期限をご確認ください'],
    ['121', 'cvc', 'セキュリティコードをご確認ください'],
    ['122', 'cvc', 'セキュリティコードをご確認ください'],
    ['131', 'holder', 'カード名義はローマ字（50文字以内）で入力してください'],
    ['132', 'holder', 'カード名義はローマ字（50文字以内）で入力してください'],
  ])('puts card error %s under the %s field', async (resultCode, field, message) => {
    expect(await tokenizeAnswered({ resultCode })).toEqual({
      ok: false,
      field,
      message,
    });
  });

  it('asks the shopper to wait when GMO is busy (902)', async () => {
    expect(await tokenizeAnswered({ resultCode: '902' })).toEqual({
      ok: false,
      message: '決済サービスが混み合っています。しばらくしてから、もう一度お試しください。',
    });
  });

  it('reports a failure at GMO (901) with its code and no field', async () => {
    const result = await tokenizeAnswered({ resultCode: '901' });
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining('決済サービスで障害が発生しています'),
    });
    expect(!result.ok && result.message).toContain('エラーコード 901');
  });

  it.each(['142', '161', '180', '190', '502', '552', '777'])(
    'reports the shop-side error %s with its code and no field',
    async (resultCode) => {
      expect(await tokenizeAnswered({ resultCode })).toEqual({
        ok: false,
        message: `ただいまクレジットカードを登録できません。お手数ですが、お問い合わせください（エラーコード ${resultCode}）。`,
      });
    },
  );

  it('refuses a success answer that carries no token', async () => {
    expect(await tokenizeAnswered({ resultCode: '000' })).toEqual({
      ok: false,
      message: 'ただいまクレジットカードを登録できません。お手数ですが、お問い合わせください。',
    });
  });

  it('gives up on a getToken that never answers', async () => {
    const result = await tokenizeAnswered('silent', { tokenTimeoutMs: 20 });
    expect(result).toEqual({
      ok: false,
      message: '決済サービスから応答がありませんでした。しばらくしてから、もう一度お試しください。',
    });
  });
});

describe('loading token.js', () => {
  const tagOf = (src: string) => scriptTags().find((script) => script.src === src);

  it("adds the environment's script once, on first use, and tokenises when it has loaded", async () => {
    const tokenizer = createGmoTokenizer({ ...SETTINGS, environment: 'production' });
    expect(scriptTags()).toHaveLength(0);
    tokenizer.prepare?.();
    const pending = tokenizer.tokenize(CARD);
    const tag = tagOf(GMO_TOKEN_SCRIPTS.production);
    expect(tag?.async).toBe(true);
    expect(scriptTags()).toHaveLength(1);
    (window as Window_).Multipayment = fakeMultipayment(issued('after-load')).api;
    tag?.dispatchEvent(new Event('load'));
    expect(await pending).toEqual({ ok: true, token: 'after-load' });
  });

  it('loads the test script for a test contract', () => {
    createGmoTokenizer(SETTINGS).prepare?.();
    expect(tagOf('https://stg.static.mul-pay.jp/ext/js/token.js')).toBeTruthy();
  });

  const UNAVAILABLE =
    'カード入力の準備ができませんでした。通信環境をご確認のうえ、もう一度お試しください。';

  it('says so in Japanese when the script cannot load, and tries afresh next time', async () => {
    const tokenizer = createGmoTokenizer(SETTINGS);
    const pending = tokenizer.tokenize(CARD);
    tagOf(GMO_TOKEN_SCRIPTS.test)?.dispatchEvent(new Event('error'));
    expect(await pending).toEqual({ ok: false, message: UNAVAILABLE });
    expect(scriptTags()).toHaveLength(0);

    const retry = tokenizer.tokenize(CARD);
    expect(scriptTags()).toHaveLength(1);
    (window as Window_).Multipayment = fakeMultipayment(issued('second-try')).api;
    tagOf(GMO_TOKEN_SCRIPTS.test)?.dispatchEvent(new Event('load'));
    expect(await retry).toEqual({ ok: true, token: 'second-try' });
  });

  it('gives up on a script that does not load in time', async () => {
    vi.useFakeTimers();
    const pending = createGmoTokenizer(SETTINGS, { scriptTimeoutMs: 5_000 }).tokenize(CARD);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await pending).toEqual({ ok: false, message: UNAVAILABLE });
    expect(scriptTags()).toHaveLength(0);
  });

  it('treats a script that loads without Multipayment as not loaded', async () => {
    const pending = createGmoTokenizer(SETTINGS).tokenize(CARD);
    tagOf(GMO_TOKEN_SCRIPTS.test)?.dispatchEvent(new Event('load'));
    expect(await pending).toEqual({ ok: false, message: UNAVAILABLE });
  });
});
