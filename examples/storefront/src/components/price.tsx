import { formatYenTaxIncluded } from '@shop/rules';

/** A tax-included price as the shop writes it (「1,100円(税込)」), or 価格未定 while undecided. */
export function Price({ yen, undecided = false }: { yen: number | null; undecided?: boolean }) {
  if (undecided || yen === null) return <span className="price price-undecided">価格未定</span>;
  return <span className="price">{formatYenTaxIncluded(yen)}</span>;
}
