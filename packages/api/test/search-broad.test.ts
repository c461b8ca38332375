import { searchKeys } from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { type SearchPage, searchPageSchema } from '../src/schemas/catalog';
import { SEARCH_TOTAL_CAP } from '../src/services/search';
import { releaseFilterRange } from '../src/services/windows';
import { openTestShop, TEST_NOW, type TestShop } from './support/database';

// A query matching more products than the count's cap takes other paths through the search
// service (src/services/search.ts): titles starting with the key, a ranking of every match, a
// page read in sort-index order or sorted from every match. The test catalog is too small for
// them, so this file adds 4,600 products whose texts contain ひろ in every relevance tier, a few
// of them titled hikari (sharing trigrams with hiro and hi) or ahia (containing hi, sharing no
// trigram with it).

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
  await shop.db.rows(sql`
    insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
      order_count, created_at, sell_start_date)
    select 'broad-' || i, t.title, array['コミック'], 'comic', '/covers/x.png', t.title,
      t.title || case when i % 4 = 3 then ' ひろ出版' else '' end,
      (i * 7919) % 50, now() - make_interval(mins => (i * 104729) % 100000),
      case when i % 10 <> 0 then date '2026-12-24' end
    from generate_series(1, 4600) as i,
      lateral (select case i % 4
        when 0 then 'ひろ' || (i % 700)
        when 1 then case when i % 200 = 1 then 'ひろ' else 'ひろい ' || (i % 37) end
        when 2 then 'おおひろ ' || i
        else case i % 40 when 7 then 'hikari ' || i when 27 then 'ahia ' || i else 'べつ ' || i end
      end as title) as t`);
  // Nine in ten of them are released after the shop's day (TEST_NOW), in the 予約 filter.
  // Titles starting with ひろ for the bound on similarity by trigram count: exact titles whose
  // text does not match, which make few-trigram titles look plentiful, and titles of more
  // trigrams sharing all of the key's (ひろ as a word of its own), more similar than shorter
  // ones like ひろ12.
  await shop.db.rows(sql`
    insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
      order_count, created_at)
    select 'short-' || i, t.title, array['コミック'], 'comic', '/covers/x.png', t.title, t.text,
      i % 7, now() - make_interval(mins => i)
    from generate_series(1, 130) as i,
      lateral (select case when i <= 100 then 'ひろ' else 'ひろ あいう' end as title,
        case when i <= 100 then 'べつ' else 'ひろ あいう' end as text) as t`);
  // 限定版, a word at the end of thousands of titles (さくら 12 限定版, sharing each of its
  // trigrams; さくら12限定版 glued, sharing two; あ 限定版z, sharing three and as similar as the
  // longer titles sharing all four), which no title but four starts with (one
  // exact, three long ones of tier 1 that rank first whatever their size), and text-only matches.
  await shop.db.rows(sql`
    insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
      order_count, created_at)
    select 'limited-' || i, t.title, array['コミック'], 'comic', '/covers/x.png', t.title,
      t.title || case when i > 4304 then ' 限定版つき' else '' end,
      (i * 31) % 23, now() - make_interval(mins => (i * 7) % 9000)
    from generate_series(1, 4604) as i,
      lateral (select case
        when i = 1 then '限定版'
        when i <= 4 then '限定版 さくらさくらさくら ' || i
        when i <= 9 then (array['あ', 'い', 'う', 'え', 'お'])[i - 4] || ' 限定版z'
        when i > 4304 then 'さくら ' || i
        when i % 10 = 0 then 'さくら' || i || '限定版'
        else 'さくら ' || i || ' 限定版'
      end as title) as t`);
  // Newer products that do not match: the first rows of the created_at index hold no match,
  // so a newest-first page is sorted from every match (a popular-first page is read in index
  // order). A third of them are BL: with the べつ titles above, more than the cap of the titles
  // starting with べつ are コミック, fewer of those starting with べつもの.
  await shop.db.rows(sql`
    insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
      order_count, created_at)
    select 'other-' || i, 'べつもの ' || i,
      case when i % 3 = 0 then array['BL'] else array['コミック'] end, 'comic', '/covers/x.png',
      'べつもの ' || i, 'べつもの ' || i, 0, now() + interval '1 day'
    from generate_series(1, 5200) as i`);
  // 14,500 products through the search triggers: over two minutes on PGlite on a loaded machine.
}, 300_000);
afterAll(async () => {
  await shop?.close();
});

async function search(params: Record<string, string>): Promise<SearchPage> {
  const response = await shop.request(`/api/search/?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return searchPageSchema.parse(await response.json());
}

/** The matches of q (in `category` if given) in the definition's order, from products alone. */
async function byDefinition(
  q: string,
  order: 'relevance' | SQL,
  category?: string,
  filter: SQL = sql`true`,
): Promise<string[]> {
  const keys = searchKeys(q);
  const key = keys[0] ?? '';
  const containsAll = (column: SQL, words: string[]) =>
    sql.join(
      words.map((w) => sql`strpos(${column}, ${w}) > 0`),
      sql` and `,
    );
  const matches = sql.join(
    keys.map((k) => sql`(${containsAll(sql`p.search_text`, k.split(' '))})`),
    sql` or `,
  );
  const orderBy =
    order === 'relevance'
      ? sql`case
          when p.search_title = ${key} then 0
          when starts_with(p.search_title, ${key}) then 1
          when ${containsAll(sql`p.search_title`, key.split(' '))} then 2
          else 3
        end, similarity(p.search_title, ${key}) desc, p.order_count desc, p.id desc`
      : order;
  const rows = await shop.db.rows<{ slug: string }>(
    sql`select p.slug from products p where (${matches})
      and ${category ? sql`${category} = any(p.categories)` : sql`true`} and ${filter}
      order by ${orderBy}`,
  );
  return rows.map((r) => r.slug);
}

const PAGES = [1, 2, 37, 38, 60, 100];

describe('a query matching more products than are counted', () => {
  // ひろ: pages from its titles of few trigrams and those sharing all its trigrams (1, 37, 38;
  // without the latter, ひろ あいう would be missed on page 1), from every title starting with it
  // when those do not fill the page (2), and deep pages past those titles. hiro: the hikari titles sharing a trigram
  // rank first, then the rest by popularity. hi: the hikari titles start with it (first pages),
  // then the near titles (hikari, ahia), then the rest. ろ, もの: more titles contain them than
  // are ranked near the key, so every match is ranked. betsu: no title is near, the popular
  // matches fill the first pages only, deeper ones rank every match.
  // 限定版: a page from its titles of few trigrams among the thousands containing it, and deep
  // pages from every match.
  it.each(['ひろ', 'hiro', 'hi', 'ろ', 'もの', 'betsu', '限定版'])(
    'ranks %s by relevance as the definition does',
    async (q) => {
      const expected = await byDefinition(q, 'relevance');
      expect(expected.length).toBeGreaterThan(SEARCH_TOTAL_CAP);
      for (const page of PAGES) {
        const result = await search({ q, sort: 'relevance_score-desc', page: String(page) });
        expect(result.total).toBe(SEARCH_TOTAL_CAP);
        expect(result.total_capped).toBe(true);
        expect(result.items.map((p) => p.slug)).toEqual(expected.slice((page - 1) * 40, page * 40));
      }
    },
  );

  it.each([
    ['new_arrival-desc', sql`p.created_at desc, p.id desc`],
    ['order_count-desc', sql`p.order_count desc, p.id desc`],
  ] as const)('sorts ひろ and ろ by %s as the definition does', async (sort, order) => {
    for (const q of ['ひろ', 'ろ']) {
      const expected = await byDefinition(q, order);
      for (const page of PAGES) {
        const result = await search({ q, sort, page: String(page) });
        expect(result.total_capped).toBe(true);
        expect(result.items.map((p) => p.slug)).toEqual(expected.slice((page - 1) * 40, page * 40));
      }
    }
  });
});

describe('a filter with a query matching more products than are counted', () => {
  // ひろ in 予約 (released after the shop's day): 4,140 of the broad titles, more than the cap and
  // fewer than twice it, sorted from the matches the first statement reads on to (the newest rows
  // of the created_at index are べつもの, none a match).
  it.each([
    ['new_arrival-desc', sql`p.created_at desc, p.id desc`],
    ['order_count-desc', sql`p.order_count desc, p.id desc`],
  ] as const)('sorts ひろ in 予約 by %s as the definition does', async (sort, order) => {
    const { from } = releaseFilterRange('reserve', TEST_NOW);
    const expected = await byDefinition(
      'ひろ',
      order,
      undefined,
      sql`p.sell_start_date >= ${from}::date`,
    );
    expect(expected.length).toBeGreaterThan(SEARCH_TOTAL_CAP);
    expect(expected.length).toBeLessThanOrEqual(2 * SEARCH_TOTAL_CAP);
    for (const page of PAGES) {
      const result = await search({ q: 'ひろ', filter: 'reserve', sort, page: String(page) });
      expect(result.total).toBe(SEARCH_TOTAL_CAP);
      expect(result.total_capped).toBe(true);
      expect(result.items.map((p) => p.slug)).toEqual(expected.slice((page - 1) * 40, page * 40));
    }
  });
});

describe('1週間以内に発売 on its own, newest first', () => {
  // Each day of the filter's week read from the release-date index, up to the page's end, and
  // merged: 120 products on two of its days (more than a page on each), four at each instant (the
  // id breaks the tie), with the seeded ones.
  beforeAll(async () => {
    const { from } = releaseFilterRange('release', TEST_NOW);
    await shop.db.rows(sql`
      insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
        order_count, created_at, sell_start_date)
      select 'week-' || i, 'はつばい ' || i, array['コミック'], 'comic', '/covers/x.png',
        'はつばい ' || i, 'はつばい ' || i, i % 5, now() - make_interval(mins => i % 30),
        ${from}::date + (i % 2) * 3
      from generate_series(1, 120) as i`);
  });

  it('lists every page as sorting every match would', async () => {
    const { from, to } = releaseFilterRange('release', TEST_NOW);
    const rows = await shop.db.rows<{ slug: string }>(
      sql`select slug from products where sell_start_date between ${from}::date and ${to}::date
        order by created_at desc, id desc`,
    );
    expect(rows.length).toBeGreaterThan(120);
    for (const page of [1, 2, 3, 4]) {
      const result = await search({ filter: 'release', page: String(page) });
      expect(result.total).toBe(rows.length);
      expect(result.items.map((p) => p.slug)).toEqual(
        rows.slice((page - 1) * 40, page * 40).map((r) => r.slug),
      );
    }
  });
});

describe('a count proven over the cap by the titles starting with the key', () => {
  // べつ starts 6,200 titles (べつもの, べつ), more than the cap of them コミック: the count is
  // taken from them, in title order, without reading the matches. べつもの starts 5,200 titles,
  // fewer than the cap of them コミック or BL: those starting with it but of the other category
  // are not counted (they would make 5,200, over the cap), so the matches are counted.
  const sorts = [
    ['relevance_score-desc', 'relevance'],
    ['new_arrival-desc', sql`p.created_at desc, p.id desc`],
    ['order_count-desc', sql`p.order_count desc, p.id desc`],
  ] as const;
  it.each([
    ['べつ', undefined, true],
    ['betsu', undefined, true],
    ['べつ', 'コミック', true],
    ['べつもの', 'コミック', false],
    ['べつもの', 'BL', false],
  ] as const)(
    'searches %s in category %s as the definition does (capped: %s)',
    async (q, category, capped) => {
      for (const [sort, order] of sorts) {
        const expected = await byDefinition(q, order, category);
        expect(expected.length > SEARCH_TOTAL_CAP).toBe(capped);
        for (const page of [1, 2, 100]) {
          const result = await search({
            q,
            sort,
            page: String(page),
            ...(category ? { categories: category } : {}),
          });
          expect(result.total).toBe(Math.min(expected.length, SEARCH_TOTAL_CAP));
          expect(result.total_capped).toBe(capped);
          expect(result.items.map((p) => p.slug)).toEqual(
            expected.slice((page - 1) * 40, page * 40),
          );
        }
      }
    },
  );
});

describe.skipIf(!process.env.DATABASE_URL)("the shop's PostgreSQL sessions", () => {
  // A search reading titles size by size (限定版) is estimated as costly as reading all of them:
  // with PostgreSQL's defaults it was JIT-compiled and started parallel workers for each size,
  // three to seven times slower than running it (src/db/client.ts SESSION_OPTIONS).
  it('run without JIT and parallel workers', async () => {
    const [row] = await shop.db.rows<{ jit: string; workers: string }>(
      sql`select current_setting('jit') as jit,
        current_setting('max_parallel_workers_per_gather') as workers`,
    );
    expect(row).toEqual({ jit: 'off', workers: '0' });
  });

  it("leave the last word to the URL's own startup options", async () => {
    const url = `${process.env.DATABASE_URL}?options=${encodeURIComponent('-c max_parallel_workers_per_gather=1 -c work_mem=5MB')}`;
    const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      const [row] = await db.rows<{ jit: string; workers: string; memory: string }>(
        sql`select current_setting('jit') as jit,
          current_setting('max_parallel_workers_per_gather') as workers,
          current_setting('work_mem') as memory`,
      );
      expect(row).toEqual({ jit: 'off', workers: '1', memory: '5MB' });
    } finally {
      await db.close();
    }
  });
});
