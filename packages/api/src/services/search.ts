import {
  MAX_SEARCH_PAGE,
  type SearchQuery,
  searchKeys,
  searchMatchWords,
  searchQueryTokens,
} from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { daysBetween } from '../lib/days';
import type { SearchPage } from '../schemas/catalog';
import { loadCards } from './product-view';
import { popularSearches, searchSuggestions } from './search-suggestions';
import { firstActiveExpiryDay, releaseFilterRange } from './windows';

export const SEARCH_PAGE_SIZE = 40;

/**
 * Matches are counted up to the most a shopper can page through (MAX_SEARCH_PAGE pages): a
 * count never scans more rows than that, and `total_capped` says there are more.
 */
export const SEARCH_TOTAL_CAP = MAX_SEARCH_PAGE * SEARCH_PAGE_SIZE;

// Japanese search without a tokenising dictionary. The indexed text and the query go through the
// same @shop/rules normalisation; the indexed text (searchableText) holds the readings too and no
// spaces, so spacing never decides a match. Search reads product_search, a narrow copy of each product's
// searchable text and sort keys that triggers keep in step with products (migration 0007). Its
// GIN index holds the one- and two-character grams of the normalised text (an expression index
// over search_text_grams). A query word of one character looks up that character's gram, a
// longer word all its bigrams (`@> tokens`), so the index answers 1-, 2- and n-character queries
// alike on PGlite and PostgreSQL. Bigram containment can over-match (the bigrams of a word may
// occur apart), so every candidate is verified against the normalised text with strpos.
// One-character words get the same strpos check, exact like the index and cheap: computing a
// row's grams costs tens of microseconds, so plans reaching rows through another index use the
// strpos checks alone (`verified`), and where the planner may filter with the gram condition,
// PostgreSQL evaluates the cheap strpos first and computes grams only for rows that match.

/** An ISBN-13 as shoppers type it: digits with optional hyphens or spaces. */
const ISBN_INPUT = /^(97[89])[\d\- ]{10,16}$/;

function isbnOf(q: string): string | null {
  if (!ISBN_INPUT.test(q)) return null;
  const digits = q.replace(/[- ]/g, '');
  return /^97[89]\d{10}$/.test(digits) ? digits : null;
}

/**
 * A normalised key matches when every one of its match words (@shop/rules searchMatchWords)
 * occurs in the text, which has no spaces (searchableText). The index finds the rows holding
 * every gram of the key's words (`grams`: the grams of a text without spaces include those of
 * each of its words); strpos verifies them (`words`).
 */
function keyGrams(key: string): SQL {
  return sql`search_text_grams(p.search_text) @> ${sql.param(searchQueryTokens(key))}::text[]`;
}

function keyWords(key: string): SQL {
  return sql.join(
    searchMatchWords(key).map((word) => sql`strpos(p.search_text, ${word}) > 0`),
    sql` and `,
  );
}

/** A search's conditions on `product_search p`. */
export interface SearchConditions {
  /** Every condition: the matches. */
  where: SQL;
  /**
   * The same matches without the gram containment, which the words occurring imply: for plans
   * that reach rows through another index, so that no row's grams are computed to filter it.
   */
  verified: SQL;
  keys: string[];
  /**
   * The keys whose titles may prove a count over the cap (startingCount): every key, but none
   * for an ISBN, which names one book.
   */
  titleKeys: string[];
  /** A release-date or benefit filter applies: conditions outside the gram index. */
  filtered: boolean;
  /**
   * The release days (JST, both ends) when a bounded release-date filter is the search's only
   * condition (1週間以内に発売 on its own), else null.
   */
  releaseDays: { from: string; to: string } | null;
}

/**
 * The conditions of a search. Any of the keys may match (a romaji query also searches its kana
 * reading): (grams of one key or another) and (words of one key or another), the same condition
 * because a key's words occurring imply its grams occurring. The first part is exactly what the
 * index answers.
 */
export function searchConditions(query: SearchQuery, now: Date): SearchConditions {
  const indexed: SQL[] = [];
  const conditions: SQL[] = [];
  const keys = searchKeys(query.q);
  const isbn = isbnOf(query.q);
  if (isbn) {
    // An ISBN names one book: its digits as text would match every ISBN sharing digit pairs.
    conditions.push(sql`p.isbn = ${isbn}`);
  } else if (keys.length) {
    indexed.push(sql`(${sql.join(keys.map(keyGrams), sql` or `)})`);
    conditions.push(
      sql`(${sql.join(
        keys.map((key) => sql`(${keyWords(key)})`),
        sql` or `,
      )})`,
    );
  } else if (query.q !== '') {
    // A query that normalises to nothing (only punctuation) matches nothing.
    conditions.push(sql`false`);
  }
  if (query.categories.length) {
    conditions.push(sql`p.categories && ${sql.param(query.categories)}::text[]`);
  }
  if (query.genres.length) {
    conditions.push(sql`p.genre = any(${sql.param(query.genres)}::text[])`);
  }
  for (const filter of query.filters) {
    if (filter === 'benefit') {
      // windows.ts hasActiveBenefit, from the column the benefits' triggers keep.
      conditions.push(sql`p.benefit_until >= ${firstActiveExpiryDay(now)}::date`);
      continue;
    }
    const range = releaseFilterRange(filter, now);
    if (range.from) conditions.push(sql`p.sell_start_date >= ${range.from}::date`);
    if (range.to) conditions.push(sql`p.sell_start_date <= ${range.to}::date`);
  }
  const all = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
  const [only] = query.filters;
  const onlyRange =
    query.q === '' &&
    query.categories.length === 0 &&
    query.genres.length === 0 &&
    query.filters.length === 1 &&
    only !== undefined &&
    only !== 'benefit'
      ? releaseFilterRange(only, now)
      : null;
  return {
    where: all([...indexed, ...conditions]),
    verified: all(conditions),
    keys,
    titleKeys: isbn ? [] : keys,
    filtered: query.filters.length > 0,
    releaseDays:
      onlyRange?.from && onlyRange.to ? { from: onlyRange.from, to: onlyRange.to } : null,
  };
}

interface PageIds {
  ids: number[];
  /** Matches, counted up to SEARCH_TOTAL_CAP + 1. */
  n: number;
}

/** `text LIKE pattern` matching the texts that start with `prefix`. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Titles starting with a key read, at most, to prove a count over the cap: twice the cap, a few
 * hundred pages of a table clustered by title.
 */
const STARTING_PROBE = 2 * (SEARCH_TOTAL_CAP + 1);

/**
 * The matches among the first STARTING_PROBE titles starting with each key, counted up to
 * SEARCH_TOTAL_CAP + 1 (a statement's `starting_n`). Every one of them is a match, so more than
 * the cap proves the count over it without the gram index: a broad key (の: 300,000 matches at
 * 1,000,000 products, 東方, ぼっち) makes a bitmap of every posting of its grams (several
 * milliseconds per 100,000) before the count can stop, while the titles starting with it are
 * read in title order through the title index, and lie together in the table clustered by
 * title. Fewer prove nothing (the count is then read from the matches as before).
 */
function startingCount({ verified, titleKeys }: SearchConditions): SQL {
  if (titleKeys.length === 0) return sql`select 0 as n`;
  const branches = titleKeys.map(
    (key) => sql`(select p.id, ${verified} as passes from product_search p
      where p.search_title like ${likePrefix(key)} limit ${STARTING_PROBE})`,
  );
  // A title may start with two keys (one a prefix of the other): union counts it once.
  return sql`select count(*)::int as n from (
    select x.id from (${sql.join(branches, sql` union `)}) as x
    where x.passes limit ${SEARCH_TOTAL_CAP + 1}
  ) as y`;
}

/** The title (`alias.search_title`) contains every word of the key. */
function containsEveryWord(alias: SQL, key: string): SQL {
  return sql.join(
    key
      .split(' ')
      .filter(Boolean)
      .map((word) => sql`strpos(${alias}.search_title, ${word}) > 0`),
    sql` and `,
  );
}

/**
 * Relevance: exact title first, then titles starting with the key, then titles containing every
 * word of it, then the rest; within a tier by pg_trgm similarity() of the title, then
 * popularity, then id.
 *
 * similarity(title, key) is shared / (title's + key's - shared) distinct trigrams (as float4).
 * Calling it parses the title into trigrams each time, microseconds a call, too slow for the
 * thousands of matches of a broad query. The title's trigrams are stored (title_trigrams) and the
 * key's are looked up once, so the same number comes from a few integer comparisons per row.
 */
function ranking(source: SQL, key: string, keyTrigrams: number[]): { rows: SQL; order: SQL } {
  const inTitle = containsEveryWord(sql.raw('s'), key);
  const shared = keyTrigrams.length
    ? sql.join(
        keyTrigrams.map((t) => sql`(${sql.raw(String(t))} = any(s.title_trigrams))::int`),
        sql` + `,
      )
    : sql`0`;
  return {
    rows: sql`(
      select s.id, s.order_count, cardinality(s.title_trigrams) as size, ${shared} as shared,
        case
          when s.search_title = ${key} then 0
          when starts_with(s.search_title, ${key}) then 1
          when ${inTitle} then 2
          else 3
        end as tier
      from ${source} as s
      offset 0
    ) as x`,
    order: sql`x.tier,
      case when x.shared = 0 then 0::real
        else x.shared::real / (x.size + ${sql.raw(String(keyTrigrams.length))} - x.shared)::real
      end desc,
      x.order_count desc, x.id desc`,
  };
}

function rankedIds(
  source: SQL,
  key: string,
  keyTrigrams: number[],
  offset: number,
  limit: number,
): SQL {
  const { rows, order } = ranking(source, key, keyTrigrams);
  return sql`array(select x.id from ${rows} order by ${order} limit ${limit} offset ${offset})`;
}

const CANDIDATE_COLUMNS = sql`p.id, p.order_count, p.search_title, p.title_trigrams`;

/** Rows of the sort index read for a page before the planner's own plan takes over. */
const SORT_INDEX_WINDOW = 5000;

/**
 * The title index's tokens (search_title_tokens, migration 0030): each gram of the title, alone
 * (the titles containing a word) and with the title's size, its trigram count (those of one size).
 */
const TITLE_TOKENS = sql`search_title_tokens(p.search_title, p.title_trigram_count)`;

/** The tokens of titles of `size` trigrams holding every one of `grams`. */
function sizedGrams(grams: SQL, size: SQL): SQL {
  return sql`array(select g || '#' || (${size}) from unnest(${grams}) as g)`;
}

/**
 * The titles ranking above a match whose title neither contains every word of the key (tier 3)
 * nor shares a trigram with it (similarity 0): those containing the words (tiers 0 to 2), found
 * through the title's grams and verified with strpos, or sharing a trigram, found through the
 * title trigram index (migration 0009). `verified` is the same condition without the grams, for
 * rows reached through another index.
 */
function nearKey(key: string, keyTrigrams: number[]): { words: SQL; trigrams: SQL; verified: SQL } {
  const inTitle = containsEveryWord(sql.raw('p'), key);
  const trigrams = sql`p.title_trigrams && ${sql.param(keyTrigrams)}::int[]`;
  return {
    words: sql`${TITLE_TOKENS} @> ${sql.param(searchQueryTokens(key))}::text[]
      and ${inTitle}`,
    trigrams,
    verified: sql`(${inTitle} or ${trigrams})`,
  };
}

/**
 * Near matches (nearKey) a statement ranks. More (限定版: a word of thousands of titles) and
 * ranking them costs about as much as ranking every match, which a statement then does instead;
 * few, so that finding out costs little.
 */
const NEAR_CAP = 1000;

/**
 * The largest title size (trigram count) titlesContainingPage reads up to, size by size: titles
 * are short (34 trigrams at most at 1,000,000 products); a key whose titles sharing all its
 * trigrams are fewer than a page up to that size gets every match ranked instead.
 */
const CONTAINING_MAX_SIZE = 64;

/**
 * A page from the titles containing every word of the key (tiers 0 to 2), when they hold it: a
 * word many titles end with (限定版: 14,000 at 1,000,000 products, none starting with it, the
 * near matches too many to rank as nearKey's). Only some are ranked, as relevancePage does for
 * the titles starting with a series name: every title starting with the key (tiers 0 and 1 rank
 * first whatever their size), those sharing all k trigrams of the key of at most W trigrams (W
 * the fewest that hold a page of them) and any other of at most A. A title of more trigrams
 * sharing all k has similarity k / size <= k / (W + 1); one sharing fewer, at most
 * (k - 1) / (size + 1) <= (k - 1) / (A + 2), which A makes at most k / (W + 1). So when the
 * page's last ranked title is of tier 0 or 1, or of tier 2 and more similar than k / (W + 1), no
 * title left out ranks within the page (those of tier 3 rank after every title of tier 2). Null
 * otherwise, or when fewer titles than the page's end share the key's trigrams (a page from
 * other titles, or from tier 3, is left to the ranking of every match).
 *
 * W is found size by size from the smallest (`sized`), each size through the title index's grams
 * of that size (TITLE_TOKENS), so only the titles of at most W trigrams are read: 215 of the
 * 14,000 for 限定版, instead of every one of them for its size.
 */
async function titlesContainingPage(
  db: Pick<Database, 'rows'>,
  verified: SQL,
  key: string,
  trigrams: number[],
  offset: number,
): Promise<number[] | null> {
  // A key of no trigram (only signs) gives every title similarity 0: no bound.
  if (trigrams.length === 0) return null;
  const end = offset + SEARCH_PAGE_SIZE;
  const kt = sql.raw(String(trigrams.length));
  const grams = sql`${sql.param(searchQueryTokens(key))}::text[]`;
  const whole = sql`p.title_trigrams @> ${sql.param(trigrams)}::int[]`;
  const inTitle = containsEveryWord(sql.raw('p'), key);
  const few = ranking(sql`few`, key, trigrams);
  const [row] = await db.rows<{ ids: number[] | null }>(sql`
    with recursive sized (size, whole, whole_ids, other_ids) as (
      select 0, 0, '{}'::int[], '{}'::int[]
      union all
      select s.size + 1, s.whole + cardinality(t.whole_ids), t.whole_ids, t.other_ids
      from sized as s, lateral (
        select coalesce(array_agg(p.id) filter (where ${whole}), '{}') as whole_ids,
          coalesce(array_agg(p.id) filter (where not ${whole}), '{}') as other_ids
        from product_search p
        where ${TITLE_TOKENS} @> ${sizedGrams(grams, sql`s.size + 1`)}
          and ${inTitle} and ${verified}
      ) as t
      where s.whole < ${end} and s.size < ${CONTAINING_MAX_SIZE}
    ),
    bound as materialized (
      select size as whole_size, ((${kt} - 1) * (size + 1) + ${kt} - 1) / ${kt} - 2 as any_size
      from sized where whole >= ${end}
    ),
    few as materialized (
      (select ${CANDIDATE_COLUMNS} from product_search p
        where p.search_title like ${likePrefix(key)} and ${verified})
      union
      (select ${CANDIDATE_COLUMNS} from product_search p
        where p.id = any(array(
          select unnest(whole_ids) from sized where size <= (select whole_size from bound)
          union all
          select unnest(other_ids) from sized where size <= (select any_size from bound))))
    ),
    few_ranked as materialized (
      select x.id, x.tier, x.shared, x.size, row_number() over (order by ${few.order}) as ord
      from ${few.rows} order by ord limit ${end}
    )
    select case
      when exists (
        select 1 from few_ranked r where r.ord = ${end} and (r.tier <= 1
          or r.shared * ((select whole_size from bound) + 1) > ${kt} * (r.size + ${kt} - r.shared))
      )
        then array(select id from few_ranked where ord > ${offset} order by ord)
    end as ids`);
  return row?.ids ?? null;
}

/**
 * One statement reads the matches up to the count's cap. When that is all of them, they are
 * the candidates. A query matching more (の: a fifth of the catalog) usually fills the page from
 * titles starting with the key (tiers 0 and 1), found through the title index.
 *
 * A series name starts tens of thousands of titles (東方, ぼっち). Their similarity is
 * shared / (size + k - shared), k the key's trigram count, so it grows with shared: a title of
 * more than S trigrams sharing fewer than k has at most (k - 1) / (S + 2), one sharing all k
 * (the key followed by a space or a sign: a few in a series) at most k / (S + 1). So the
 * statement ranks only the titles of at most `any_size` trigrams (the fewest sizes that hold a
 * page of titles, counted from the title index) and those sharing every trigram of at most
 * `whole_size`, where k / (whole_size + 1) is at most (k - 1) / (any_size + 2). It takes that page
 * when its last title is exact or more similar than (k - 1) / (any_size + 2): then no title left
 * out can rank within it. (A title starting with a key of one word shares all but at most the
 * key's last trigram, so this holds whenever the page is full; the check keeps keys of other
 * shapes exact.)
 *
 * Otherwise, when enough titles start with the key, a statement ranks them all. Otherwise (a
 * romaji key, 限定版: keys no title starts with) the matches near the key (nearKey) rank first
 * and every other match has similarity 0, so those follow by popularity alone: when there are at
 * most NEAR_CAP near matches (the first statement already saw more of them among the matches it
 * read for 限定版; it reads none when the titles starting with a key prove the count, as those
 * starting with the kana reading of a romaji key do), a statement ranks them and takes the others from the first rows of the
 * popularity index, as sortedPage does. When that cannot fill the page, the titles containing
 * the key may hold it (titlesContainingPage: 限定版); only otherwise does a statement rank every
 * match.
 */
async function relevancePage(
  db: Pick<Database, 'rows'>,
  conditions: SearchConditions,
  key: string,
  offset: number,
): Promise<PageIds> {
  const { where, verified } = conditions;
  const end = offset + SEARCH_PAGE_SIZE;
  // pg_trgm's trigrams of the key (trigram_codes, migration 0007), by the database's own rules.
  const [codes] = await db.rows<{ trigrams: number[] }>(
    sql`select trigram_codes(${key}) as trigrams`,
  );
  const trigrams = (codes?.trigrams ?? []).map(Number);
  if (!trigrams.every(Number.isInteger)) throw new Error(`trigram codes of ${key}: ${trigrams}`);
  const kt = sql.raw(String(trigrams.length));
  // A key of fewer trigrams (none: only signs) gives every title similarity 0: no bound.
  const bounded = sql.raw(trigrams.length >= 2 ? 'true' : 'false');
  const ktBelow = sql.raw(String(Math.max(trigrams.length - 1, 1)));
  const few = ranking(sql`few`, key, trigrams);
  const near = nearKey(key, trigrams);
  // The matches are read (m) only when the titles starting with the key do not prove more than
  // the cap (starting_n).
  const [row] = await db.rows<{ n: number; ids: number[] | null; near_seen: number | null }>(sql`
    with starting_n as materialized (${startingCount(conditions)}),
    m as materialized (
      select ${CANDIDATE_COLUMNS} from product_search p where ${where}
      limit ${SEARCH_TOTAL_CAP + 1}
    ),
    sizes as materialized (
      select p.title_trigram_count as size, count(*) as titles from product_search p
      where p.search_title like ${likePrefix(key)} group by 1
    ),
    bound as materialized (
      select c.size as any_size, (${kt} * (c.size + 2) + ${ktBelow} - 1) / ${ktBelow} - 1 as whole_size
      from (select size, sum(titles) over (order by size) as titles from sizes) as c
      where c.titles >= ${end} order by c.size limit 1
    ),
    few as materialized (
      (select ${CANDIDATE_COLUMNS} from product_search p
        where p.search_title like ${likePrefix(key)}
          and p.title_trigram_count <= (select any_size from bound) and ${verified})
      union
      (select ${CANDIDATE_COLUMNS} from product_search p
        where p.title_trigrams @> ${sql.param(trigrams)}::int[]
          and p.search_title like ${likePrefix(key)}
          and p.title_trigram_count <= (select whole_size from bound) and ${verified})
    ),
    few_ranked as materialized (
      select x.id, x.tier, x.shared, x.size, row_number() over (order by ${few.order}) as ord
      from ${few.rows} order by ord limit ${end}
    )
    select case when (select n from starting_n) > ${SEARCH_TOTAL_CAP} then ${SEARCH_TOTAL_CAP + 1}
        else (select count(*)::int from m) end as n,
      case when (select n from starting_n) <= ${SEARCH_TOTAL_CAP}
          and (select count(*) from m) > ${SEARCH_TOTAL_CAP}
        then (select count(*)::int from m as p where ${near.verified})
      end as near_seen,
      case
        when (select n from starting_n) <= ${SEARCH_TOTAL_CAP}
            and (select count(*) from m) <= ${SEARCH_TOTAL_CAP}
          then ${rankedIds(sql`m`, key, trigrams, offset, SEARCH_PAGE_SIZE)}
        when ${bounded} and (select count(*) from few_ranked) = ${end} and exists (
          select 1 from few_ranked r where r.ord = ${end} and (r.tier = 0
            or r.shared * ((select any_size from bound) + 2) > (${kt} - 1) * (r.size + ${kt} - r.shared))
        )
          then array(select id from few_ranked where ord > ${offset} order by ord)
      end as ids`);
  const n = row?.n ?? 0;
  if (row?.ids) return { n, ids: row.ids };
  // Statements of their own: planned with the one above, their cost (every title starting with
  // the key) would make PostgreSQL JIT-compile it (tens of milliseconds) even when not run.
  const [starting] = await db.rows<{ ids: number[] | null }>(sql`
    with starting as materialized (
      select ${CANDIDATE_COLUMNS} from product_search p
      where p.search_title like ${likePrefix(key)} and ${verified}
    )
    select case when (select count(*) from starting) >= ${end}
      then ${rankedIds(sql`starting`, key, trigrams, offset, SEARCH_PAGE_SIZE)}
    end as ids`);
  if (starting?.ids) return { n, ids: starting.ids };
  // More near matches among the first ones read than NEAR_CAP: no need to count them again.
  if ((row?.near_seen ?? 0) <= NEAR_CAP) {
    // Two scans, each through its own index, rather than one scan over both: a filter of the
    // disjunction would compute the grams of every title reached. The titles sharing a trigram
    // are many where the key's trigrams are common ones (`  b`, ` bo` of bocchi: 21,797 titles
    // at 1,000,000 products, 407 of them matches), so that scan also takes the key's grams
    // (where), which PostgreSQL ANDs with the trigram bitmap instead of reading each title's
    // text (1,115 -> 282 buffers for bocchi, 978 -> 169 for maou).
    const [split] = await db.rows<{ ranked: number[] | null; rest: number[] | null }>(sql`
    with near as materialized (
      (select ${CANDIDATE_COLUMNS} from product_search p
        where ${near.words} and ${verified} limit ${NEAR_CAP + 1})
      union
      (select ${CANDIDATE_COLUMNS} from product_search p
        where ${near.trigrams} and ${where} limit ${NEAR_CAP + 1})
    ),
    rest as materialized (
      select x.id, x.order_count from (
        select p.id, p.order_count, ${verified} and not ${near.verified} as matches
        from product_search p
        order by p.order_count desc, p.id desc limit ${SORT_INDEX_WINDOW}
      ) as x
      where x.matches limit ${end}
    )
    select
      case when (select count(*) from near) <= ${NEAR_CAP}
        then ${rankedIds(sql`near`, key, trigrams, 0, end)}
      end as ranked,
      case when (select count(*) from near) < ${end}
        then array(select id from rest order by order_count desc, id desc)
      end as rest`);
    if (split?.ranked) {
      const ids = [...split.ranked, ...(split.rest ?? [])];
      if (ids.length >= end) return { n, ids: ids.slice(offset, end) };
    }
  }
  const containing = await titlesContainingPage(db, verified, key, trigrams, offset);
  if (containing) return { n, ids: containing };
  const [all] = await db.rows<{ ids: number[] }>(sql`
    with m as materialized (select ${CANDIDATE_COLUMNS} from product_search p where ${where})
    select ${rankedIds(sql`m`, key, trigrams, offset, SEARCH_PAGE_SIZE)} as ids`);
  return { n, ids: all?.ids ?? [] };
}

/**
 * Matches a popular- or newest-first statement with a filter reads on past the count's cap, in
 * the same scan: when that is all of them, it sorts them for the page. A filter with a word (猫
 * with 特典あり: 4,600 matches at 1,000,000 products) leaves too few matches among the first rows
 * of the sort index, and reading them again in a second statement built the filter's bitmap (the
 * benefit index's 190,000 rows) twice. Without a filter a broad word's matches fill the page from
 * the sort index's first rows, and reading twice as many would only cost (猫, 24,000 matches).
 */
const SORTED_MATCHES_CAP = 2 * SEARCH_TOTAL_CAP;

/**
 * Rows a newest-first page of the products released on a few days (releaseDaysPage) reads at
 * most: each day's newest up to the page's end. A deeper page of more days is sorted from every
 * match as sortedPage does.
 */
const RELEASE_DAYS_ROWS = 20_000;

/**
 * Newest first among the products released on a few days and nothing else (1週間以内に発売:
 * 45,000 at 1,000,000 products): each day's newest come from the release-date index, which holds
 * created_at after the day, and the page is the newest of those. The first rows of the
 * created_at index hold few of them (the newest products are reservations), so sortedPage would
 * read and sort every one. Null when the days are too many for the page's depth.
 */
async function releaseDaysPage(
  db: Pick<Database, 'rows'>,
  { from, to }: { from: string; to: string },
  offset: number,
): Promise<PageIds | null> {
  const end = offset + SEARCH_PAGE_SIZE;
  if ((daysBetween(from, to) + 1) * end > RELEASE_DAYS_ROWS) return null;
  const [row] = await db.rows<{ n: number; ids: number[] }>(sql`
    select
      (select count(*)::int from (
        select 1 from product_search p
        where p.sell_start_date >= ${from}::date and p.sell_start_date <= ${to}::date
        limit ${SEARCH_TOTAL_CAP + 1}
      ) as c) as n,
      array(
        select x.id from generate_series(${from}::date, ${to}::date, interval '1 day') as d (day),
          lateral (
            select p.id, p.created_at from product_search p
            where p.sell_start_date = d.day::date
            order by p.created_at desc, p.id desc limit ${end}
          ) as x
        order by x.created_at desc, x.id desc limit ${SEARCH_PAGE_SIZE} offset ${offset}
      ) as ids`);
  return row ? { n: row.n, ids: row.ids } : null;
}

/**
 * Popularity or newest first. One statement reads the matches up to the count's cap (with a
 * filter, SORTED_MATCHES_CAP) with their sort key; when that was all of them it also sorts them
 * for the page. A query matching more (の: a fifth of the catalog) usually has the page among the
 * first rows of the sort index: the same statement then reads at most SORT_INDEX_WINDOW of them
 * in order and keeps the matches. Any match beyond them sorts after them, so if they hold the
 * page it is exact. Otherwise (a deep page, or matches all among old or unpopular products, as
 * for 新着 with a release-date filter) a statement of its own reads and sorts every match: walking
 * the sort index further could read most of the table before it found the page (`offset 0` keeps
 * the planner from doing so).
 */
async function sortedPage(
  db: Pick<Database, 'rows'>,
  conditions: SearchConditions,
  sort: 'order_count-desc' | 'new_arrival-desc',
  offset: number,
): Promise<PageIds> {
  const { where, verified } = conditions;
  const column = sql.identifier(sort === 'new_arrival-desc' ? 'created_at' : 'order_count');
  const end = offset + SEARCH_PAGE_SIZE;
  if (sort === 'new_arrival-desc' && conditions.releaseDays) {
    const page = await releaseDaysPage(db, conditions.releaseDays, offset);
    if (page) return page;
  }
  const sortedCap = conditions.filtered ? SORTED_MATCHES_CAP : SEARCH_TOTAL_CAP;
  // One statement, each part run only when the one before did not give the page: the matches up
  // to sortedCap (m), unless the titles starting with the key prove more than the count's cap
  // (starting_n), then the first rows of the sort index (first).
  const [row] = await db.rows<{ n: number; ids: number[] | null }>(sql`
    with starting_n as materialized (${startingCount(conditions)}),
    m as materialized (
      select p.id, p.${column} from product_search p where ${where}
      limit ${sortedCap + 1}
    ),
    first as materialized (
      select x.id, x.${column} from (
        select p.id, p.${column}, ${verified} as matches from product_search p
        order by p.${column} desc, p.id desc limit ${SORT_INDEX_WINDOW}
      ) as x
      where x.matches limit ${end}
    )
    select case when (select n from starting_n) > ${SEARCH_TOTAL_CAP} then ${SEARCH_TOTAL_CAP + 1}
        else least((select count(*)::int from m), ${SEARCH_TOTAL_CAP + 1}) end as n,
      case
        when (select n from starting_n) <= ${SEARCH_TOTAL_CAP}
            and (select count(*) from m) <= ${sortedCap}
          then array(select id from m order by ${column} desc, id desc
            limit ${SEARCH_PAGE_SIZE} offset ${offset})
        when (select count(*) from first) >= ${end}
          then array(select id from first order by ${column} desc, id desc offset ${offset})
      end as ids`);
  const n = row?.n ?? 0;
  if (row?.ids) return { n, ids: row.ids };
  // A statement of its own: planned together with the cheap one above, its cost (every match)
  // would make PostgreSQL JIT-compile that one (tens of milliseconds) even when it is not run.
  const [page] = await db.rows<{ ids: number[] }>(sql`
    select array(
      select x.id from (
        select p.id, p.${column} from product_search p where ${where} offset 0
      ) as x
      order by x.${column} desc, x.id desc limit ${SEARCH_PAGE_SIZE} offset ${offset}
    ) as ids`);
  return { n, ids: page?.ids ?? [] };
}

/**
 * One page of search results for a query parsed by @shop/rules parseSearchParams. `popular`
 * gives the popular searches a search that finds nothing offers (a cached loader in the route).
 */
export async function searchProducts(
  db: Pick<Database, 'rows'>,
  query: SearchQuery,
  now: Date,
  popular: () => Promise<string[]> = () => popularSearches(db),
): Promise<SearchPage> {
  const conditions = searchConditions(query, now);
  const offset = (query.page - 1) * SEARCH_PAGE_SIZE;
  const key = conditions.keys[0];
  const { ids, n } =
    query.sort === 'relevance_score-desc' && key
      ? await relevancePage(db, conditions, key, offset)
      : await sortedPage(
          db,
          conditions,
          query.sort === 'new_arrival-desc' ? 'new_arrival-desc' : 'order_count-desc',
          offset,
        );
  return {
    total: Math.min(n, SEARCH_TOTAL_CAP),
    total_capped: n > SEARCH_TOTAL_CAP,
    page: query.page,
    per_page: SEARCH_PAGE_SIZE,
    items: await loadCards(db, ids, now),
    // Only a search that found nothing at all: a page past the last one is not a dead end.
    suggestions: n === 0 ? await searchSuggestions(db, key, popular) : null,
  };
}
