import { formatYenTaxIncluded } from '@shop/rules';

/**
 * What the shop says wherever a 価格未定 item is reserved (product page, cart, checkout, order
 * history): the order holds it without a price, and the member hears when it is decided and may
 * cancel then (docs/catalog-mail.md, "価格決定").
 */
export const PRICE_PENDING_NOTICE =
  '価格未定の商品は、価格を確定せずにご予約いただけます。価格決定後にお知らせします（その時点でお支払い金額が確定し、ご希望ならキャンセル料なしでキャンセルできます）。';

/** A tax-included price as the shop writes it (「1,100円(税込)」), or 価格未定 while undecided. */
export function Price({ yen, undecided = false }: { yen: number | null; undecided?: boolean }) {
  if (undecided || yen === null) return <span className="price price-undecided">価格未定</span>;
  return <span className="price">{formatYenTaxIncluded(yen)}</span>;
}
