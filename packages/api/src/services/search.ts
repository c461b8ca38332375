import { MAX_SEARCH_PAGE, type SearchQuery, searchKeys, searchQueryTokens } from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { SearchPage } from '../schemas/catalog';
import { loadCards } from './product-view';
import { hasActiveBenefit, releaseFilterRange } from './windows';

export const SEARCH_PAGE_SIZE = 40;

/**
 * Matches are counted up to the most a shopper can page through (MAX_SEARCH_PAGE pages): a
 * count never scans more rows than that, and `total_capped` says there are more.
 */
export const SEARCH_TOTAL_CAP = MAX_SEARCH_PAGE * SEARCH_PAGE_SIZE;

// Japanese search without a tokenising dictionary. The indexed text and the query go through the
// same @shop/rules normalisation; products carry the distinct one- and two-character grams of
// their normalised text in a GIN-indexed array. A query word of one character looks up that
// character's gram, a longer word all its bigrams (`search_grams @> tokens`), so the index
// answers 1-, 2- and n-character queries alike on PGlite and PostgreSQL. Bigram containment can
// over-match (the bigrams of a word may occur apart), so every candidate is verified against the
// normalised text with strpos.

/** An ISBN-13 as shoppers type it: digits with optional hyphens or spaces. */
const ISBN_INPUT = /^(97[89])[\d\- ]{10,16}$/;

function isbnOf(q: string): string | null {
  if (!ISBN_INPUT.test(q)) return null;
  const digits = q.replace(/[- ]/g, '');
  return /^97[89]\d{10}$/.test(digits) ? digits : null;
}

/** The words of one normalised key must all occur in the text, their grams in the index. */
function keyMatches(key: string): SQL {
  const tokens = searchQueryTokens(key);
  // A one-character word is its own gram: the index alone is exact for it.
  const verified = key
    .split(' ')
    .filter((word) => Array.from(word).length > 1)
    .map((word) => sql` and strpos(p.search_text, ${word}) > 0`);
  return sql`(p.search_grams @> ${sql.param(tokens)}::text[]${sql.join(verified, sql``)})`;
}

function relevance(key: string): SQL {
  const words = key.split(' ').filter(Boolean);
  const inTitle = sql.join(
    words.map((word) => sql`strpos(p.search_title, ${word}) > 0`),
    sql` and `,
  );
  return sql`case
      when p.search_title = ${key} then 0
      when starts_with(p.search_title, ${key}) then 1
      when ${inTitle} then 2
      else 3
    end, similarity(p.search_title, ${key}) desc, p.order_count desc, p.id desc`;
}

/** The conditions of a search, shared by the page query and the benchmark's plan checks. */
export function searchConditions(query: SearchQuery, now: Date): { where: SQL; keys: string[] } {
  const conditions: SQL[] = [];
  const keys = searchKeys(query.q);
  const isbn = isbnOf(query.q);
  if (isbn) {
    // An ISBN names one book: its digits as text would match every ISBN sharing digit pairs.
    conditions.push(sql`p.isbn = ${isbn}`);
  } else if (query.q !== '') {
    const alternatives = keys.map(keyMatches);
    // A query that normalises to nothing (only punctuation) matches nothing.
    conditions.push(alternatives.length ? sql`(${sql.join(alternatives, sql` or `)})` : sql`false`);
  }
  if (query.categories.length) {
    conditions.push(sql`p.categories && ${sql.param(query.categories)}::text[]`);
  }
  for (const filter of query.filters) {
    if (filter === 'benefit') {
      conditions.push(hasActiveBenefit(now));
      continue;
    }
    const range = releaseFilterRange(filter, now);
    if (range.from) conditions.push(sql`p.sell_start_date >= ${range.from}::date`);
    if (range.to) conditions.push(sql`p.sell_start_date <= ${range.to}::date`);
  }
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  return { where, keys };
}

function orderBy(query: SearchQuery, keys: string[]): SQL {
  switch (query.sort) {
    case 'relevance_score-desc': {
      const key = keys[0];
      return key ? relevance(key) : sql`p.order_count desc, p.id desc`;
    }
    case 'order_count-desc':
      return sql`p.order_count desc, p.id desc`;
    case 'new_arrival-desc':
      return sql`p.created_at desc, p.id desc`;
  }
}

/** One page of search results for a query parsed by @shop/rules parseSearchParams. */
export async function searchProducts(
  db: Pick<Database, 'rows'>,
  query: SearchQuery,
  now: Date,
): Promise<SearchPage> {
  const { where, keys } = searchConditions(query, now);
  const [ids, [counted]] = await Promise.all([
    db.rows<{ id: number }>(
      sql`select p.id from products p where ${where} order by ${orderBy(query, keys)}
          limit ${SEARCH_PAGE_SIZE} offset ${(query.page - 1) * SEARCH_PAGE_SIZE}`,
    ),
    db.rows<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from products p where ${where} limit ${SEARCH_TOTAL_CAP + 1}) as matches`,
    ),
  ]);
  const n = counted?.n ?? 0;
  return {
    total: Math.min(n, SEARCH_TOTAL_CAP),
    total_capped: n > SEARCH_TOTAL_CAP,
    page: query.page,
    per_page: SEARCH_PAGE_SIZE,
    items: await loadCards(
      db,
      ids.map((r) => r.id),
      now,
    ),
  };
}
