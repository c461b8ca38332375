/**
 * The card brands the shop's gateway accepts, as it names them.
 *
 * @example
 * CARD_BRANDS; // ['VISA', 'MASTER', 'JCB', 'AMEX', 'DINERS']
 * CARD_BRANDS.includes('JCB'); // true
 */
export const CARD_BRANDS = ['VISA', 'MASTER', 'JCB', 'AMEX', 'DINERS'] as const;

/** @example const brand: CardBrand = 'JCB'; */
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * A number as a shopper types it into a digits-only field (card number, expiry month and year,
 * security code): full-width digits become half-width (NFKC), and the spaces and hyphens
 * shoppers group digits with are dropped. Anything else is kept, so the field's own check can
 * refuse it. One rule for every numeric field of the card form, so none of them refuses what
 * another accepts.
 *
 * @example
 * normalizeDigits('４１１１ 1111-1111 1111'); // '4111111111111111'
 * normalizeDigits('０９'); // '09'
 * normalizeDigits('１２a'); // '12a'
 */
export function normalizeDigits(input: string): string {
  return input.normalize('NFKC').replace(/[\s-]/g, '');
}

/**
 * A card number as typed, reduced to its digits by {@link normalizeDigits}.
 *
 * @example
 * normalizeCardNumber('４１１１ 1111-1111 1111'); // '4111111111111111'
 */
export function normalizeCardNumber(input: string): string {
  return normalizeDigits(input);
}

/**
 * The Luhn (mod 10) checksum every payment card number carries. False for an empty string or
 * anything that is not only ASCII digits.
 *
 * @example
 * isLuhnValid('4111111111111111'); // true
 * isLuhnValid('4111111111111112'); // false
 */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Whether a normalised string is shaped like a payment card number: 13 to 19 digits passing
 * Luhn. The checkout form uses it before tokenising; the API uses it to refuse bodies and to
 * scan its database and logs for numbers that must never be stored.
 *
 * @example
 * isCardNumber('4111111111111111'); // true
 * isCardNumber('411111111111'); // false (12 digits)
 */
export function isCardNumber(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && isLuhnValid(digits);
}

/**
 * The brand of a card number from its leading digits (IIN ranges), or null for a brand the
 * gateway does not take.
 *
 * @example
 * cardBrand('4111111111111111'); // 'VISA'
 * cardBrand('3530111333300000'); // 'JCB'
 */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'MASTER';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'JCB';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'DINERS';
  return null;
}
