import {
  matchesSearchFilters,
  normalizeForSearch,
  SEARCH_FILTERS,
  type SearchFilter,
  searchKeys,
  searchMatchWords,
} from '@shop/rules';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchPage, searchPageSchema } from '../src/schemas/catalog';
import { openTestShop, TEST_NOW, type TestShop } from './support/database';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function search(params: Record<string, string>): Promise<SearchPage> {
  const response = await shop.request(`/api/search/?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return searchPageSchema.parse(await response.json());
}

/** Every slug a search finds, across all its pages. */
async function allSlugs(params: Record<string, string>): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page += 1) {
    const result = await search({ ...params, page: String(page) });
    slugs.push(...result.items.map((p) => p.slug));
    if (slugs.length >= result.total || result.items.length === 0) return slugs;
  }
}

/** Slugs whose search text contains every match word of the query: what the index must find. */
async function containing(text: string): Promise<string[]> {
  const rows = await shop.db.rows<{ slug: string; search_text: string }>(
    sql`select slug, search_text from products order by slug`,
  );
  const words = searchMatchWords(text);
  return rows.filter((r) => words.every((w) => r.search_text.includes(w))).map((r) => r.slug);
}

describe('Japanese search', () => {
  it.each(['猫', '東方', 'ドラゴン', '学園', 'ファンタジー'])(
    'finds exactly the products whose text contains %s',
    async (q) => {
      const expected = await containing(q);
      expect(expected.length).toBeGreaterThan(0);
      expect((await allSlugs({ q })).sort()).toEqual(expected);
    },
  );

  it('finds the same items for ぼっち, ボッチ, ﾎﾞｯﾁ and romaji bocchi', async () => {
    const hiragana = (await allSlugs({ q: 'ぼっち' })).sort();
    expect(hiragana.length).toBeGreaterThan(0);
    for (const q of ['ボッチ', 'ﾎﾞｯﾁ', 'bocchi', 'BOCCHI']) {
      expect((await allSlugs({ q })).sort()).toEqual(hiragana);
    }
  });

  it('requires every word of a multi-word query', async () => {
    const both = await allSlugs({ q: '猫 限定版' });
    expect(both.sort()).toEqual(await containing('猫 限定版'));
  });

  it('puts exact title matches first under relevance', async () => {
    const [row] = await shop.db.rows<{ title: string }>(sql`
      select title from products where title like '% %' order by id limit 1 offset 7`);
    const title = row?.title ?? '';
    const result = await search({ q: title, sort: 'relevance_score-desc' });
    expect(normalizeForSearch(result.items[0]?.title ?? '')).toBe(normalizeForSearch(title));
  });

  it('ranks titles starting with the query above titles merely containing it', async () => {
    const [row] = await shop.db.rows<{ n: number }>(
      sql`select count(*)::int as n from products where starts_with(search_title, '猫')`,
    );
    const starting = row?.n ?? 0;
    expect(starting).toBeGreaterThan(0);
    expect(starting).toBeLessThan(40);
    const result = await search({ q: '猫', sort: 'relevance_score-desc' });
    const starts = result.items.map((p) => normalizeForSearch(p.title).startsWith('猫'));
    expect(starts).toEqual(starts.map((_, i) => i < starting));
  });

  // The service ranks only the matches that can reach the page (src/services/search.ts); this is
  // the plain definition it must agree with: every match ranked by tier, similarity, popularity.
  async function rankedByDefinition(q: string): Promise<string[]> {
    const keys = searchKeys(q);
    const key = keys[0] ?? '';
    const containsAll = (column: SQL, words: string[]) =>
      sql.join(
        words.map((w) => sql`strpos(${column}, ${w}) > 0`),
        sql` and `,
      );
    const matches = sql.join(
      keys.map((k) => sql`(${containsAll(sql`p.search_text`, searchMatchWords(k))})`),
      sql` or `,
    );
    const rows = await shop.db.rows<{ slug: string }>(sql`
      select p.slug from products p where ${matches}
      order by case
          when p.search_title = ${key} then 0
          when starts_with(p.search_title, ${key}) then 1
          when ${containsAll(sql`p.search_title`, key.split(' '))} then 2
          else 3
        end, similarity(p.search_title, ${key}) desc, p.order_count desc, p.id desc`);
    return rows.map((r) => r.slug);
  }

  it.each(['の', 'な', 'ん', '版', '1', '出版', '銀河', 'li'])(
    'ranks the many matches of %s by relevance exactly as ranking all of them would, on every page',
    async (q) => {
      const expected = await rankedByDefinition(q);
      // Enough matches that the first pages leave most of them unranked.
      expect(expected.length).toBeGreaterThan(50);
      expect(await allSlugs({ q, sort: 'relevance_score-desc' })).toEqual(expected);
    },
  );

  it.each(['ぼっち', 'bocchi', 'ﾎﾞｯﾁ 2', '銀河 の', 'st', 'ky'])(
    'ranks %s by relevance exactly as ranking all matches would',
    async (q) => {
      const expected = await rankedByDefinition(q);
      expect(expected.length).toBeGreaterThan(0);
      expect(await allSlugs({ q, sort: 'relevance_score-desc' })).toEqual(expected);
    },
  );

  it('finds a product by its ISBN, with or without hyphens', async () => {
    const [row] = await shop.db.rows<{ slug: string; isbn: string }>(
      sql`select slug, isbn from products where isbn is not null order by id limit 1`,
    );
    const isbn = row?.isbn ?? '';
    const hyphenated = `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 8)}-${isbn.slice(8, 12)}-${isbn.slice(12)}`;
    for (const q of [isbn, hyphenated]) {
      expect((await search({ q })).items.map((p) => p.slug)).toContain(row?.slug);
    }
  });

  it('matches nothing for a query of punctuation only', async () => {
    expect((await search({ q: '!!!' })).total).toBe(0);
  });
});

describe('filters, categories and sorting', () => {
  it.each(SEARCH_FILTERS.map((f) => f.value))(
    'filter=%s selects exactly the products matchesSearchFilter accepts',
    async (filter: SearchFilter) => {
      const rows = await shop.db.rows<{
        slug: string;
        sell_start_date: string | null;
        benefits: {
          available_max_num: number | null;
          distributed: boolean;
          expiry_date: string | null;
        }[];
      }>(sql`
        select p.slug, p.sell_start_date, coalesce((select json_agg(json_build_object(
          'available_max_num', b.available_max_num, 'distributed', b.distributed,
          'expiry_date', b.expiry_date)) from benefits b where b.product_id = p.id), '[]') as benefits
        from products p order by p.slug`);
      const expected = rows
        .filter((r) => matchesSearchFilters(r, [filter], TEST_NOW))
        .map((r) => r.slug);
      expect(expected.length).toBeGreaterThan(0);
      expect((await allSlugs({ filter })).sort()).toEqual(expected);
    },
  );

  it('keeps only the chosen categories', async () => {
    const result = await allSlugs({ categories: 'BL,CD' });
    const [row] = await shop.db.rows<{ n: number }>(
      sql`select count(*)::int as n from products where categories && array['BL','CD']::text[]`,
    );
    expect(result.length).toBe(row?.n);
  });

  it('keeps only the chosen genres (any of them), and reads genres=all as no genre filter', async () => {
    const count = async (where: ReturnType<typeof sql>) =>
      (
        await shop.db.rows<{ n: number }>(
          sql`select count(*)::int as n from products where ${where}`,
        )
      )[0]?.n;
    const novels = await allSlugs({ genres: 'novel' });
    expect(novels.length).toBeGreaterThan(0);
    expect(novels.length).toBe(await count(sql`genre = 'novel'`));
    const [wrong] = await shop.db.rows<{ n: number }>(
      sql`select count(*)::int as n from products where slug = any(${sql.param(novels)}::text[]) and genre <> 'novel'`,
    );
    expect(wrong?.n).toBe(0);
    expect((await allSlugs({ genres: 'novel,bl' })).length).toBe(
      await count(sql`genre in ('novel', 'bl')`),
    );
    expect((await search({ genres: 'all' })).total).toBe((await search({})).total);
  });

  it('sorts by popularity and by newest arrival', async () => {
    const popular = await search({ sort: 'order_count-desc' });
    const counts = await shop.db.rows<{ slug: string; order_count: number }>(sql`
      select slug, order_count from products order by order_count desc, id desc limit 40`);
    expect(popular.items.map((p) => p.slug)).toEqual(counts.map((c) => c.slug));
    const newest = await search({});
    const created = await shop.db.rows<{ slug: string }>(
      sql`select slug from products order by created_at desc, id desc limit 40`,
    );
    expect(newest.items.map((p) => p.slug)).toEqual(created.map((c) => c.slug));
  });

  it('echoes the parsed query and drops unknown values instead of failing', async () => {
    const response = await shop.request('/api/search/?q=%E7%8C%AB&sort=bogus&filter=nope&page=abc');
    const body = (await response.json()) as { query: unknown; total: number };
    expect(response.status).toBe(200);
    expect(body.query).toEqual({
      q: '猫',
      categories: [],
      genres: [],
      filters: [],
      sort: 'new_arrival-desc',
      page: 1,
    });
  });
});
