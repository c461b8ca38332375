import { createSandboxToken } from '@shop/api/sandbox-token';
import { type CardBrand, cardBrand, isCardNumber, normalizeDigits } from '@shop/rules';
import { type CardGatewaySettings, configuredCardGateway } from '../../../lib/card-gateway';

// The browser half of the card gateway: the card number is turned into a one-time token here and
// only the token goes to the API (docs/spec.md §10, Cards), which registers it with the gateway
// (POST /api/gmo-multipay/creditcard/ { token }). Two tokenisers: the sandbox (the default, and
// what tests use) builds the token shape of packages/api/src/payments/sandbox/sandbox-token.ts
// with the same function the API's tests use; GMO Multipayment's token script (gmo-card-token.ts)
// is loaded on demand when the server is configured with PAYMENT_GATEWAY=gmo.

export interface CardInput {
  number: string;
  /** 1-12. */
  expiryMonth: string;
  /** Two or four digits. */
  expiryYear: string;
  cvc: string;
  holder: string;
}

/** A refusal, under the field to correct, or about the whole form when no field is to blame. */
export interface CardTokenFailure {
  ok: false;
  field?: keyof CardInput;
  message: string;
}

export type CardTokenResult =
  | { ok: true; token: string; brand: CardBrand; last4: string }
  | CardTokenFailure;

/** A card that passed the card rules, as a tokeniser receives it. */
export interface CheckedCard {
  /** Digits only. */
  number: string;
  brand: CardBrand;
  /** `YYMM`, as the gateway takes it. */
  expire: string;
  cvc: string;
  /** Trimmed. */
  holder: string;
}

/** Turns a checked card into the gateway's one-time token, in the browser. */
export interface CardTokenizer {
  /** Starts fetching what `tokenize` needs (a gateway's script) once the shopper starts typing. */
  prepare?(): void;
  tokenize(card: CheckedCard): Promise<{ ok: true; token: string } | CardTokenFailure>;
}

const CARD_FORM_UNAVAILABLE =
  'カード入力の準備ができませんでした。ページを再読み込みしてから、もう一度お試しください。';

/** Sandbox test cards with a fixed outcome, like a gateway's documented test numbers. */
const SANDBOX_OUTCOMES: Record<string, 'decline' | 'timeout'> = {
  '4000000000000002': 'decline',
  '4000000000000119': 'timeout',
};

const sandboxTokenizer: CardTokenizer = {
  async tokenize(card) {
    const token = createSandboxToken({
      outcome: SANDBOX_OUTCOMES[card.number] ?? 'ok',
      brand: card.brand,
      last4: card.number.slice(-4),
      expire: card.expire,
    });
    return { ok: true, token };
  },
};

/** The tokeniser of the configured gateway; GMO's is its own chunk, fetched only when asked for. */
export async function loadCardTokenizer(settings: CardGatewaySettings): Promise<CardTokenizer> {
  if (settings.kind === 'sandbox') return sandboxTokenizer;
  const { createGmoTokenizer } = await import('./gmo-card-token');
  return createGmoTokenizer(settings);
}

/** Loads the tokeniser (and its script) ahead of the first submit; a failure shows at submit. */
export function prepareCardTokenizer(settings = configuredCardGateway()): void {
  loadCardTokenizer(settings).then(
    (tokenizer) => tokenizer.prepare?.(),
    () => undefined,
  );
}

/** The card rules of the form, checked before any gateway sees the card. */
function checkCard(
  input: CardInput,
  now: Date,
): { ok: true; card: CheckedCard } | CardTokenFailure {
  // The card rules of @shop/rules: full-width digits and grouping dropped in every numeric field
  // alike (normalizeDigits), 13-19 digits passing Luhn, a brand the gateway takes (the API
  // refuses card numbers by the same rules).
  const digits = normalizeDigits(input.number);
  const monthDigits = normalizeDigits(input.expiryMonth);
  const yearDigits = normalizeDigits(input.expiryYear);
  const cvc = normalizeDigits(input.cvc);
  if (!isCardNumber(digits)) {
    return { ok: false, field: 'number', message: 'カード番号をご確認ください' };
  }
  const brand = cardBrand(digits);
  if (!brand) {
    return {
      ok: false,
      field: 'number',
      message: 'VISA・Mastercard・JCB・American Express・Diners Clubのカードをご利用ください',
    };
  }
  const month = /^\d{1,2}$/.test(monthDigits) ? Number(monthDigits) : Number.NaN;
  const year = /^(\d{2}|\d{4})$/.test(yearDigits)
    ? Number(yearDigits.length === 2 ? `20${yearDigits}` : yearDigits)
    : Number.NaN;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
    return { ok: false, field: 'expiryMonth', message: '有効期限をご確認ください' };
  }
  const jst = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  const current = jst.getUTCFullYear() * 12 + jst.getUTCMonth() + 1;
  if (year * 12 + month < current) {
    return { ok: false, field: 'expiryYear', message: '有効期限が切れています' };
  }
  const cvcLength = brand === 'AMEX' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) {
    return {
      ok: false,
      field: 'cvc',
      message: `セキュリティコード（${cvcLength}桁）をご確認ください`,
    };
  }
  const holder = input.holder.trim();
  if (!/^[A-Za-z .'-]{2,50}$/.test(holder)) {
    return { ok: false, field: 'holder', message: 'カード名義はローマ字で入力してください' };
  }
  const expire = `${String(year).slice(-2)}${String(month).padStart(2, '0')}`;
  return { ok: true, card: { number: digits, brand, expire, cvc, holder } };
}

/**
 * Checks the card and makes the configured gateway's token; the number itself leaves nothing
 * behind, and only the brand and last four digits come back beside the token.
 */
export async function tokenizeCard(
  input: CardInput,
  now = new Date(),
  settings = configuredCardGateway(),
): Promise<CardTokenResult> {
  const checked = checkCard(input, now);
  if (!checked.ok) return checked;
  const { card } = checked;
  let tokenizer: CardTokenizer;
  try {
    tokenizer = await loadCardTokenizer(settings);
  } catch {
    // The GMO chunk did not load (offline, or a new build removed it).
    return { ok: false, message: CARD_FORM_UNAVAILABLE };
  }
  const result = await tokenizer.tokenize(card);
  if (!result.ok) return result;
  return { ok: true, token: result.token, brand: card.brand, last4: card.number.slice(-4) };
}
