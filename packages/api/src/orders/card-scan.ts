import { stripVTControlCharacters } from 'node:util';
import { isCardNumber } from '@shop/rules';
import { ean13CheckDigit } from '../lib/ean13';

/**
 * A card number as it is written: 13 to 19 digits, bare or grouped by spaces or hyphens, standing
 * on its own. A digit run inside a word (a hex digest, a base64 token, a longer number) or
 * hyphen-joined to one (a UUID such as `08587433-1460-4461-a…`) is not a card number: about one
 * SHA-256 hex digest in 300 holds a Luhn-valid 13-19 digit run by chance. A letter that ends a
 * backslash escape does not join the run to a word: a dump's COPY text and a JSON log write a
 * line break as `\n`, so `\n4111…` is a number at the start of a line.
 */
const CARD_LIKE =
  /(?<!(?<!\\)[0-9A-Za-z]|[0-9A-Za-z]-)\d(?:[ -]?\d){12,18}(?![0-9A-Za-z]|-[0-9A-Za-z])/g;

/**
 * An ISBN-13: 978 or 979 and the EAN-13 check digit. No card network issues numbers starting
 * with 9, while every book in the catalog has one, and one ISBN in ten passes Luhn by chance.
 */
function isIsbn13(digits: string): boolean {
  return /^97[89]\d{10}$/.test(digits) && ean13CheckDigit(digits) === Number(digits[12]);
}

/**
 * Finds card-number-like strings that pass the Luhn check (@shop/rules `isCardNumber`), other
 * than ISBNs. Used to prove no card number ever lands in a database dump or a log.
 */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CARD_LIKE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (isCardNumber(digits) && !isIsbn13(digits)) found.push(digits);
  }
  return found;
}

/** The first six and last four digits, as a report may show a card number: `411111…1111`. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}…${digits.slice(-4)}`;
}

/** A card-number-like string found in a text: its line (from 1) and the number masked. */
export interface CardNumberFinding {
  line: number;
  masked: string;
}

/**
 * Each card-number-like string of a dump or a log, by line, masked so that the report does not
 * leak what it found. Terminal colour codes are removed first: a number printed right after one
 * (`\x1b[31m4111…`) would otherwise not stand on its own.
 */
export function scanForCardNumbers(text: string): CardNumberFinding[] {
  const findings: CardNumberFinding[] = [];
  stripVTControlCharacters(text)
    .split('\n')
    .forEach((content, index) => {
      for (const digits of findCardNumbers(content))
        findings.push({ line: index + 1, masked: maskCardNumber(digits) });
    });
  return findings;
}
