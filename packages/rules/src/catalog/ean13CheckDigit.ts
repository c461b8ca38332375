/**
 * The EAN-13 check digit (the 13th digit of an ISBN-13 or a JAN code) of a code's first twelve
 * digits: weights 1 and 3 in turn, and what brings the sum up to a multiple of ten. Digits past
 * the twelfth are ignored, so a whole code can be passed to compare with its last digit.
 *
 * @example
 * ean13CheckDigit('978400063352'); // 9 (ISBN 978-4-00-063352-9)
 * ean13CheckDigit('9784000633529') === 9; // true: the check digit of a whole code
 */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}
