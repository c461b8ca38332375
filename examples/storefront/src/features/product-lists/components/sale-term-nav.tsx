import { formatJstDate, ROUTES, SALE_TERMS, type SaleTerm } from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';

/** The day before or after a JST calendar day written 'YYYY-MM-DD'. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function saleListHref(term: SaleTerm, date?: string, page = 1): string {
  const params = new URLSearchParams();
  if (date) params.set('date', date);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `${ROUTES.saleList.path({ term })}${query ? `?${query}` : ''}`;
}

/** Tabs between the day, week and month lists, and links to the period before and after. */
export function SaleTermNav({ term, from, to }: { term: SaleTerm; from: string; to: string }) {
  return (
    <>
      <nav aria-label="発売リストの期間">
        <ul className="tabs">
          {SALE_TERMS.map((t) => (
            <li key={t.value}>
              <ShopLink
                href={saleListHref(t.value, from)}
                aria-current={t.value === term ? 'page' : undefined}
              >
                {t.label}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav className="result-bar" aria-label="前後の期間">
        <ShopLink href={saleListHref(term, shiftDay(from, -1))} prefetch={false}>
          ← 前の期間
        </ShopLink>
        <span>
          {from === to ? formatJstDate(from) : `${formatJstDate(from)}〜${formatJstDate(to)}`}
        </span>
        <ShopLink href={saleListHref(term, shiftDay(to, 1))} prefetch={false}>
          次の期間 →
        </ShopLink>
      </nav>
    </>
  );
}
