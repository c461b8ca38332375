import { DASHES } from './_lib/dashes';

/**
 * Reduces a domestic phone number, as Japan Post and the parcel carriers (ヤマト, 佐川) accept it
 * on a label, to its digits; undefined when it is not one. Accepted: 10 digits starting 0 (fixed
 * lines with their area code, 0120, 0570) unless they begin like an 11-digit range (0X0), and 11
 * digits starting 050/060/070/080/090 (IP phones, mobiles, 0800). Full-width digits, any dash,
 * spaces and parentheses are ignored, and a leading `+81` becomes the trunk 0.
 *
 * @example
 * normalizePhone('03-1234-5678'); // '0312345678'
 * normalizePhone('０９０－１２３４－５６７８'); // '09012345678'
 * normalizePhone('+81 90-1234-5678'); // '09012345678'
 * normalizePhone('090-1234-567'); // undefined (a mobile has 11 digits)
 */
export function normalizePhone(input: string): string | undefined {
  let s = input
    .normalize('NFKC')
    .trim()
    .replace(DASHES, '')
    .replace(/[\s()]/g, '');
  if (s.startsWith('+81')) s = `0${s.slice(3).replace(/^0/, '')}`;
  if (/^0[1-9]\d{8}$/.test(s) && !/^0[2-9]0/.test(s)) return s;
  if (/^0[5-9]0\d{8}$/.test(s)) return s;
  return undefined;
}
