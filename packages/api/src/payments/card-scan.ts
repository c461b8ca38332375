import { findCardNumbers } from '@shop/rules';
import { scanLines } from '../lib/scan-lines';

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
 * also refuses shoppers' text with), by line (`scanLines`, colour codes removed), masked so that
 * the report does not leak what it found.
 */
export function scanForCardNumbers(text: string): CardNumberFinding[] {
  return scanLines(text, (line) =>
    findCardNumbers(line).map((digits) => ({ masked: maskCardNumber(digits) })),
  );
}
