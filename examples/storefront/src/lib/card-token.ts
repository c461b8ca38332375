import { createSandboxToken } from '@shop/api/sandbox-token';
import { type CardBrand, cardBrand, isCardNumber, normalizeCardNumber } from '@shop/rules';

// The browser half of the card gateway: the card number is turned into a one-time token here and
// only the token goes to the API (PRODUCT.md, Cards). In production this is GMO Multipayment's
// token script; the sandbox gateway (the default, and what tests use) takes the token shape of
// packages/api/src/payments/sandbox/sandbox-token.ts, built by the same function the API's
// tests use.

export interface CardInput {
  number: string;
  /** 1-12. */
  expiryMonth: string;
  /** Two or four digits. */
  expiryYear: string;
  cvc: string;
  holder: string;
}

export type CardTokenResult =
  | { ok: true; token: string; brand: CardBrand; last4: string }
  | { ok: false; field: keyof CardInput; message: string };

/** Sandbox test cards with a fixed outcome, like a gateway's documented test numbers. */
const SANDBOX_OUTCOMES: Record<string, 'decline' | 'timeout'> = {
  '4000000000000002': 'decline',
  '4000000000000119': 'timeout',
};

/** Checks the card and makes the gateway token; the number itself leaves nothing behind. */
export async function tokenizeCard(input: CardInput, now = new Date()): Promise<CardTokenResult> {
  // The card rules of @shop/rules: full-width digits and grouping dropped, 13-19 digits passing
  // Luhn, a brand the gateway takes (the API refuses card numbers by the same rules).
  const digits = normalizeCardNumber(input.number);
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
  const month = Number(input.expiryMonth);
  const year = Number(input.expiryYear.length === 2 ? `20${input.expiryYear}` : input.expiryYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
    return { ok: false, field: 'expiryMonth', message: '有効期限をご確認ください' };
  }
  const jst = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  const current = jst.getUTCFullYear() * 12 + jst.getUTCMonth() + 1;
  if (year * 12 + month < current) {
    return { ok: false, field: 'expiryYear', message: '有効期限が切れています' };
  }
  const cvcLength = brand === 'AMEX' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) {
    return {
      ok: false,
      field: 'cvc',
      message: `セキュリティコード（${cvcLength}桁）をご確認ください`,
    };
  }
  if (!/^[A-Za-z .'-]{2,50}$/.test(input.holder.trim())) {
    return { ok: false, field: 'holder', message: 'カード名義はローマ字で入力してください' };
  }
  const last4 = digits.slice(-4);
  const expire = `${String(year).slice(-2)}${String(month).padStart(2, '0')}`;
  const token = createSandboxToken({
    outcome: SANDBOX_OUTCOMES[digits] ?? 'ok',
    brand,
    last4,
    expire,
  });
  return { ok: true, token, brand, last4 };
}
