import { DASHES } from '../address/_lib/dashes';
import { ean13CheckDigit } from '../catalog/ean13CheckDigit';
import { isCardNumber } from '../checkout/cardNumber';

const DIGIT = '[0-9\\uFF10-\\uFF19]';
const SPACE = '[ \\u00A0\\u3000]';
/** What people put between the groups of a card number besides spaces: dashes, dots, 中黒. */
const MARK = `(?:${DASHES.source}|[.\\uFF0E\\u30FB\\uFF65])`;

/**
 * Digit groups joined by a gap: one mark with up to two spaces either side (`4111 - 1111`), or
 * one to three spaces. Every quantifier is bounded and a gap holds no digit, so matching stays
 * linear on a whole database dump.
 */
const CHAIN = new RegExp(
  `${DIGIT}+(?:(?:${SPACE}{0,2}${MARK}${SPACE}{0,2}|${SPACE}{1,3})${DIGIT}+)*`,
  'g',
);
const GROUP = /[0-9\uFF10-\uFF19]+/g;
const SPACES_ONLY = /^[ \u00A0\u3000]+$/;
/** A letter or digit, half- or full-width: what makes a digit run part of a word. */
const WORD = /[0-9A-Za-z\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/;
const DASH = new RegExp(`^${DASHES.source}$`);

const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;
const halfWidth = (digits: string) =>
  digits.replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));

/**
 * Whether the text joins a digit run to a word at `at` (the character next to the run) and
 * `beyond` (the one after that, away from the run): a letter or digit next to it (a hex digest,
 * a token), or a dash with one beyond it (a UUID's groups). A letter right after a backslash
 * ends an escape, not a word: a dump's COPY text and a JSON log write a line break as `\n`.
 */
function joinsWord(at: string | undefined, beyond: string | undefined, escaped: boolean): boolean {
  if (at === undefined) return false;
  if (WORD.test(at)) return !escaped;
  return DASH.test(at) && beyond !== undefined && WORD.test(beyond);
}

/**
 * How card numbers are written: one run of digits, or groups of four with a shorter or equal
 * last group (4-4-4-4, 4-4-4-4-3, 4-4-4-1), or American Express's 4-6-5 and Diners Club's 4-6-4.
 * Phone numbers (090-1234-5678), postal codes, dates and house numbers are grouped otherwise,
 * so two of them side by side never read as one card number.
 */
function isCardGrouping(lengths: readonly number[]): boolean {
  if (lengths.length === 1) return true;
  const last = lengths.at(-1) as number;
  if (lengths.slice(0, -1).every((length) => length === 4)) return last >= 1 && last <= 4;
  return lengths.length === 3 && lengths[0] === 4 && lengths[1] === 6 && (last === 4 || last === 5);
}

/**
 * An ISBN-13 (978, 979) or a Japanese JAN code (45, 49) with its EAN-13 check digit: what a book
 * or an item of goods carries. No card network issues numbers starting with 9, and 13-digit
 * Visa numbers (the only cards of 13 digits, starting with 4) are no longer issued, while one
 * such code in ten passes Luhn by chance.
 */
function isBookOrGoodsCode(digits: string): boolean {
  return (
    /^(97[89]|4[59])/.test(digits) &&
    digits.length === 13 &&
    ean13CheckDigit(digits) === Number(digits[12])
  );
}

/**
 * The card numbers written in a text, as their half-width digits: 13 to 19 digits passing the
 * Luhn check (`isCardNumber`), written the way people write card numbers: in one run, or in
 * groups of four (4-4-4-4, 4-4-4-4-3; Amex 4-6-5, Diners 4-6-4) separated by spaces (also
 * full-width and no-break), any dash (`-`, `－`, `‐`, `−`, `ー`), dots or `・`, in half- or
 * full-width digits. Not card numbers: ISBN-13s and JAN codes (`ean13CheckDigit`), a run of 20
 * or more digits, and a number joined to a word (a hex digest, a token, a UUID's digit groups).
 * Phone numbers, postal codes, dates and house numbers never combine into one, however they
 * stand side by side. The API refuses shoppers' text holding one (`cleanShopperText`), and CI
 * scans database dumps and logs with it.
 *
 * @example
 * findCardNumbers('カード番号は４１１１－１１１１－１１１１－１１１１です');
 * // ['4111111111111111']
 * findCardNumbers('〒104-0061 銀座1-2-3 090-1234-5678 ISBN 9784000633529'); // []
 */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const chain of text.matchAll(CHAIN)) {
    const start = chain.index;
    const end = start + chain[0].length;
    const groups = [...chain[0].matchAll(GROUP)];
    const digits = groups.map((group) => group[0]);
    // A number may begin or end inside a chain only at a gap of spaces: a group joined by a
    // mark belongs to its neighbour (the 1234 of 090-1234-5678).
    const spacedAfter = groups.map((group, k) => {
      const next = groups[k + 1];
      if (next === undefined) return !joinsWord(text[end], text[end + 1], false);
      return SPACES_ONLY.test(chain[0].slice(group.index + group[0].length, next.index));
    });
    const startsHere = (k: number) =>
      k === 0
        ? !joinsWord(text[start - 1], text[start - 2], text[start - 2] === '\\')
        : spacedAfter[k - 1] === true;
    for (let first = 0; first < digits.length; first += 1) {
      if (!startsHere(first)) continue;
      let number = '';
      for (let last = first; last < digits.length; last += 1) {
        number += digits[last];
        if (number.length > 19) break;
        if (number.length < 13 || !spacedAfter[last]) continue;
        const lengths = digits.slice(first, last + 1).map((group) => group.length);
        const candidate = halfWidth(number);
        if (isCardGrouping(lengths) && isCardNumber(candidate) && !isBookOrGoodsCode(candidate)) {
          found.push(candidate);
          first = last;
          break;
        }
      }
    }
  }
  return found;
}
