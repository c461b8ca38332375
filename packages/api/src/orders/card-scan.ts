/**
 * Finds card-number-like strings: runs of 13 to 19 digits (not part of a longer run) that pass
 * the Luhn check. Used to prove no card number ever lands in a database dump or a log.
 */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<!\d)\d{13,19}(?!\d)/g)) {
    if (luhnValid(match[0])) found.push(match[0]);
  }
  return found;
}

/** The Luhn (mod 10) check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
