import { stripVTControlCharacters } from 'node:util';
import { findCardNumbers } from '@shop/rules';

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
 * Each card number of a dump or a log (@shop/rules `findCardNumbers`, the one detector the API
 * also refuses shoppers' text with), by line, masked so that the report does not leak what it
 * found. Terminal colour codes are removed first: a number printed right after one
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
