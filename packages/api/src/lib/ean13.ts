/**
 * The EAN-13 check digit (the 13th digit of an ISBN-13) of its first twelve digits: weights 1
 * and 3 in turn, and what brings the sum up to a multiple of ten.
 */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}
