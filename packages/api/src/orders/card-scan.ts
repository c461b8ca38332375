import { isCardNumber } from '@shop/rules';

/**
 * A card number as it is written: 13 to 19 digits, bare or grouped by spaces or hyphens, standing
 * on its own. A digit run inside a word (a hex digest, a base64 token, a longer number) or
 * hyphen-joined to one (a UUID such as `08587433-1460-4461-a…`) is not a card number: about one
 * SHA-256 hex digest in 300 holds a Luhn-valid 13-19 digit run by chance.
 */
const CARD_LIKE = /(?<![0-9A-Za-z]|[0-9A-Za-z]-)\d(?:[ -]?\d){12,18}(?![0-9A-Za-z]|-[0-9A-Za-z])/g;

/**
 * Finds card-number-like strings that pass the Luhn check (@shop/rules `isCardNumber`). Used to
 * prove no card number ever lands in a database dump or a log.
 */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CARD_LIKE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (isCardNumber(digits)) found.push(digits);
  }
  return found;
}
