import type { CardGatewaySettings } from '../../../lib/card-gateway';
import type { CardInput, CardTokenFailure, CardTokenizer } from './card-token';

// GMO Multipayment's token script ("トークン決済" v1, token.js): the browser sends the card to GMO
// and gets back a one-time token (valid 30 minutes, spent by the first API call that uses it),
// which the API registers with SaveCard (packages/api/src/payments/gmo/gmo-gateway.ts). The
// script is loaded from GMO, only when the card form is first used; this module is its own chunk.

/** The token script of each of GMO's environments. */
export const GMO_TOKEN_SCRIPTS = {
  test: 'https://stg.static.mul-pay.jp/ext/js/token.js',
  production: 'https://static.mul-pay.jp/ext/js/token.js',
} as const;

/** What token.js hands its callback. */
export interface GmoTokenResponse {
  /** '000' when the token was issued, otherwise one of the codes of GMO_TOKEN_ERRORS. */
  resultCode: string;
  tokenObject?: {
    /** The token; an array of them when `tokennumber` asked for more than one. */
    token: string | string[];
    /** The number masked by GMO (e.g. `424242******4242`). */
    maskedCardNo: string;
    /** `yyyy-mm-dd-HH-MM-SS`. */
    toBeExpiredAt: string;
    isSecurityCodeSet: boolean;
  };
}

/** The `Multipayment` object token.js defines on `window`. */
export interface GmoMultipayment {
  init(shopId: string): void;
  getToken(
    card: {
      cardno: string;
      /** `YYMM` (or `YYYYMM`). */
      expire: string;
      securitycode: string;
      holdername: string;
      /** How many tokens, 1-10. */
      tokennumber: number;
    },
    callback: (response: GmoTokenResponse) => void,
  ): void;
}

type GmoSettings = Extract<CardGatewaySettings, { kind: 'gmo' }>;

const SCRIPT_UNAVAILABLE =
  'カード入力の準備ができませんでした。通信環境をご確認のうえ、もう一度お試しください。';
const TOKEN_TIMEOUT =
  '決済サービスから応答がありませんでした。しばらくしてから、もう一度お試しください。';

/** The shopper's corrections, under the field GMO found wrong. */
const FIELD_ERRORS: { codes: string[]; field: keyof CardInput; message: string }[] = [
  // 100 missing, 101 not digits, 102 not 10-16 digits.
  { codes: ['100', '101', '102'], field: 'number', message: 'カード番号をご確認ください' },
  // 110 missing, 111 not digits, 112 not 4 or 6 digits, 113 month over 12.
  {
    codes: ['110', '111', '112', '113'],
    field: 'expiryMonth',
    message: '有効期限をご確認ください',
  },
  // 121 not digits, 122 too many digits.
  { codes: ['121', '122'], field: 'cvc', message: 'セキュリティコードをご確認ください' },
  // 131 characters other than half-width letters and some symbols, 132 over 50 characters.
  {
    codes: ['131', '132'],
    field: 'holder',
    message: 'カード名義はローマ字（50文字以内）で入力してください',
  },
];

/** A failure on the shop's or GMO's side, with GMO's code (if any) for the shop's support. */
function shopSideFailure(resultCode?: string): CardTokenFailure {
  const code = resultCode === undefined ? '' : `（エラーコード ${resultCode}）`;
  return {
    ok: false,
    message: `ただいまクレジットカードを登録できません。お手数ですが、お問い合わせください${code}。`,
  };
}

/**
 * The Japanese message of a token.js result code. Codes outside the card fields (141-142 token
 * count, 150-191 shop id, key and encryption, 501-552 the script's own parameters) are the shop's
 * set-up or GMO's side, not the shopper's: they say so, with the code.
 */
function gmoTokenFailure(resultCode: string): CardTokenFailure {
  const fieldError = FIELD_ERRORS.find((error) => error.codes.includes(resultCode));
  if (fieldError) return { ok: false, field: fieldError.field, message: fieldError.message };
  if (resultCode === '902') {
    return {
      ok: false,
      message: '決済サービスが混み合っています。しばらくしてから、もう一度お試しください。',
    };
  }
  if (resultCode === '901') {
    return {
      ok: false,
      message: `決済サービスで障害が発生しています。しばらくしてから、もう一度お試しください（エラーコード ${resultCode}）。`,
    };
  }
  return shopSideFailure(resultCode);
}

const multipayment = () => (window as Window & { Multipayment?: GmoMultipayment }).Multipayment;

/** Loads still in flight, by script URL: a second caller waits for the same script tag. */
const scriptLoads = new Map<string, Promise<GmoMultipayment>>();

function loadTokenScript(src: string, timeoutMs: number): Promise<GmoMultipayment> {
  const loaded = multipayment();
  if (loaded) return Promise.resolve(loaded);
  const inFlight = scriptLoads.get(src);
  if (inFlight) return inFlight;
  const load = new Promise<GmoMultipayment>((resolve, reject) => {
    const script = document.createElement('script');
    const settle = (error: Error | null) => {
      clearTimeout(timer);
      scriptLoads.delete(src);
      const api = multipayment();
      if (error === null && api) {
        resolve(api);
      } else {
        // A failed tag goes, so the next attempt adds a fresh one.
        script.remove();
        reject(error ?? new Error(`${src} loaded without Multipayment`));
      }
    };
    const timer = setTimeout(
      () => settle(new Error(`${src} did not load in ${timeoutMs} ms`)),
      timeoutMs,
    );
    script.src = src;
    script.async = true;
    script.onload = () => settle(null);
    script.onerror = () => settle(new Error(`${src} failed to load`));
    document.head.append(script);
  });
  scriptLoads.set(src, load);
  return load;
}

interface GmoTokenizerOptions {
  /** How long the script may take to load. */
  scriptTimeoutMs?: number;
  /** How long GMO may take to answer getToken. */
  tokenTimeoutMs?: number;
}

/** The tokeniser of GMO Multipayment for the shop id and environment of the boot data. */
export function createGmoTokenizer(
  settings: GmoSettings,
  { scriptTimeoutMs = 10_000, tokenTimeoutMs = 20_000 }: GmoTokenizerOptions = {},
): CardTokenizer {
  const src = GMO_TOKEN_SCRIPTS[settings.environment];
  return {
    prepare() {
      loadTokenScript(src, scriptTimeoutMs).catch(() => undefined);
    },
    async tokenize(card) {
      let api: GmoMultipayment;
      try {
        api = await loadTokenScript(src, scriptTimeoutMs);
      } catch {
        return { ok: false, message: SCRIPT_UNAVAILABLE };
      }
      const response = await new Promise<GmoTokenResponse | 'timeout' | 'threw'>((resolve) => {
        const timer = setTimeout(() => resolve('timeout'), tokenTimeoutMs);
        const answer = (value: GmoTokenResponse | 'threw') => {
          clearTimeout(timer);
          resolve(value);
        };
        try {
          api.init(settings.shopId);
          api.getToken(
            {
              cardno: card.number,
              expire: card.expire,
              securitycode: card.cvc,
              holdername: card.holder,
              tokennumber: 1,
            },
            answer,
          );
        } catch {
          answer('threw');
        }
      });
      if (response === 'timeout') return { ok: false, message: TOKEN_TIMEOUT };
      if (response === 'threw') return shopSideFailure();
      if (response.resultCode !== '000') return gmoTokenFailure(response.resultCode);
      const issued = response.tokenObject?.token;
      const token = Array.isArray(issued) ? issued[0] : issued;
      if (!token) return shopSideFailure();
      return { ok: true, token };
    },
  };
}
