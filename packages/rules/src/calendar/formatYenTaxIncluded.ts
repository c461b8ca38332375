import { formatYen } from './formatYen';

/**
 * Formats a tax-included price in the shop's display form (総額表示): `formatYen` followed by
 * 「(税込)」 with half-width parentheses.
 *
 * @example
 * formatYenTaxIncluded(1100); // '1,100円(税込)'
 */
export function formatYenTaxIncluded(yen: number): string {
  return `${formatYen(yen)}(税込)`;
}
