import { rmSync } from 'node:fs';
import { searchIndexTokens } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Database } from '../src/db/client';
import { type SearchPage, searchPageSchema } from '../src/schemas/catalog';
import {
  databaseBefore,
  openTestShop,
  TEST_NOW,
  type TestShop,
  testConfig,
} from './support/database';

// product_search is what search reads; triggers on products keep it in step (migration 0007).
// These tests write products the ways the shop does and check search sees every change.

/** Products whose product_search row is missing, left over, or differs from the product. */
async function mismatches(db: Pick<Database, 'rows'>): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`
    select count(*)::int as n from products p full join product_search s on s.id = p.id
    where s.id is null or p.id is null
      or (p.created_at, p.order_count, p.sell_start_date, p.categories, p.genre, p.isbn, p.search_title,
          p.search_text, trigram_codes(p.search_title),
          (select max(coalesce(b.expiry_date, 'infinity')) from benefits b
            where b.product_id = p.id and b.distributed and b.available_max_num > 0))
        is distinct from (s.created_at, s.order_count, s.sell_start_date, s.categories, s.genre, s.isbn,
          s.search_title, s.search_text, s.title_trigrams, s.benefit_until)`);
  return row?.n ?? -1;
}

async function insertProduct(
  db: Pick<Database, 'rows'>,
  slug: string,
  title: string,
  sellStartDate: string | null = null,
): Promise<number> {
  const [row] = await db.rows<{ id: number }>(sql`
    insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
      sell_start_date)
    values (${slug}, ${title}, array['コミック'], 'comic', '/covers/x.png', ${title}, ${title},
      ${sellStartDate})
    returning id`);
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** A product as the schema before 0007 stores it, with the gram array it required (grams hold no spaces). */
async function insertLegacyProduct(
  db: Pick<Database, 'rows'>,
  slug: string,
  title: string,
  sellStartDate: string | null = null,
): Promise<number> {
  const [row] = await db.rows<{ id: number }>(sql`
    insert into products (slug, title, categories, genre, cover_image, search_title, search_text,
      search_grams, sell_start_date)
    values (${slug}, ${title}, array['コミック'], 'comic', '/covers/x.png', ${title}, ${title},
      string_to_array(${searchIndexTokens(title).join(' ')}, ' '), ${sellStartDate})
    returning id`);
  if (!row) throw new Error('insert failed');
  return row.id;
}

describe('product_search on a seeded shop', () => {
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
  const slugs = async (params: Record<string, string>) =>
    (await search(params)).items.map((p) => p.slug);

  it('holds one row per seeded product, equal to it', async () => {
    const [row] = await shop.db.rows<{ n: number }>(
      sql`select count(*)::int as n from product_search`,
    );
    expect(row?.n).toBeGreaterThan(0);
    expect(await mismatches(shop.db)).toBe(0);
  });

  it('knows which titles share a trigram with a query exactly as similarity() does', async () => {
    // Keys of several scripts, and ASCII trigrams that look like show_trgm's 0x... notation.
    const keys = ['の', 'ぼっち', '銀河 1', 'li', 'star', '0x1', 'ｘ', '巻', 'ー本'];
    const [row] = await shop.db.rows<{ n: number; shared: number }>(sql`
      select count(*) filter (where (s.title_trigrams && trigram_codes(k))
          is distinct from (similarity(s.search_title, k) > 0)
        or cardinality(s.title_trigrams) <> cardinality(show_trgm(s.search_title)))::int as n,
        count(*) filter (where s.title_trigrams && trigram_codes(k))::int as shared
      from product_search s, unnest(${sql.param(keys)}::text[]) as k`);
    expect(row?.shared).toBeGreaterThan(100);
    expect(row?.n).toBe(0);
  });

  it('follows inserts, sales counters, release dates, titles and deletes', async () => {
    const id = await insertProduct(shop.db, 'sync-1', '同期てすと', '2030-01-01');
    expect(await slugs({ q: '同期てすと' })).toEqual(['sync-1']);
    expect(await slugs({ q: 'テスト 同期', filter: 'reserve' })).toEqual(['sync-1']);
    expect(await slugs({})).toContain('sync-1');

    // A sale (checkout) and a cancellation change order_count alone.
    await shop.db.rows(sql`update products set order_count = 1000000 where id = ${id}`);
    expect((await slugs({ sort: 'order_count-desc' }))[0]).toBe('sync-1');
    await shop.db.rows(sql`update products set order_count = 0 where id = ${id}`);
    expect((await slugs({ sort: 'order_count-desc' }))[0]).not.toBe('sync-1');

    // A product moved to another genre leaves the old genre's page for the new one's.
    expect(await slugs({ q: '同期てすと', genres: 'comic' })).toEqual(['sync-1']);
    await shop.db.rows(sql`update products set genre = 'bl' where id = ${id}`);
    expect(await slugs({ q: '同期てすと', genres: 'comic' })).toEqual([]);
    expect(await slugs({ q: '同期てすと', genres: 'bl' })).toEqual(['sync-1']);

    // The operator moves the release date into the past: no longer a reservation.
    await shop.db.rows(sql`update products set sell_start_date = '2020-01-01' where id = ${id}`);
    expect(await slugs({ q: '同期', filter: 'reserve' })).toEqual([]);

    await shop.db.rows(sql`
      update products set title = '改題', search_title = '改題', search_text = '改題 同期出版'
      where id = ${id}`);
    expect(await slugs({ q: 'てすと 同期' })).toEqual([]);
    expect(await slugs({ q: '改題', sort: 'relevance_score-desc' })).toEqual(['sync-1']);
    expect(await slugs({ q: '同期出版' })).toEqual(['sync-1']);
    expect(await mismatches(shop.db)).toBe(0);

    // Benefits: 特典あり follows inserts, changes and deletes of the product's benefits.
    const withBenefit = async () => slugs({ q: '同期出版', filter: 'benefit' });
    expect(await withBenefit()).toEqual([]);
    const [benefit] = await shop.db.rows<{ id: number }>(sql`
      insert into benefits (product_id, title, available_max_num, distributed, expiry_date)
      values (${id}, '特典', 10, true, null) returning id`);
    expect(await withBenefit()).toEqual(['sync-1']);
    await shop.db.rows(sql`update benefits set distributed = false where id = ${benefit?.id}`);
    expect(await withBenefit()).toEqual([]);
    await shop.db.rows(
      sql`update benefits set distributed = true, expiry_date = '2020-01-01' where id = ${benefit?.id}`,
    );
    expect(await withBenefit()).toEqual([]);
    await shop.db.rows(
      sql`update benefits set expiry_date = '2099-01-01' where id = ${benefit?.id}`,
    );
    expect(await withBenefit()).toEqual(['sync-1']);
    expect(await mismatches(shop.db)).toBe(0);
    await shop.db.rows(sql`delete from benefits where id = ${benefit?.id}`);
    expect(await withBenefit()).toEqual([]);
    expect(await mismatches(shop.db)).toBe(0);

    await shop.db.rows(sql`delete from products where id = ${id}`);
    expect(await slugs({ q: '改題' })).toEqual([]);
    expect(await mismatches(shop.db)).toBe(0);
  });

  it('copies many products inserted by one statement, and leaves rows alone on other updates', async () => {
    await shop.db.rows(sql`
      insert into products (slug, title, categories, genre, cover_image, search_title, search_text)
      select 'bulk-' || i, '一括' || i, array['BL'], 'comic', '/covers/x.png', '一括' || i,
        '一括' || i
      from generate_series(1, 50) as i`);
    expect((await search({ q: '一括' })).total).toBe(50);
    expect(await mismatches(shop.db)).toBe(0);

    const before = await shop.db.rows<{ v: string }>(
      sql`select s.xmin::text as v from product_search s join products p using (id) where p.slug = 'bulk-1'`,
    );
    await shop.db.rows(
      sql`update products set description = '説明', updated_at = now() where slug = 'bulk-1'`,
    );
    // Nor does an update writing order_count's own value.
    await shop.db.rows(sql`update products set order_count = order_count where slug = 'bulk-1'`);
    const after = await shop.db.rows<{ v: string }>(
      sql`select s.xmin::text as v from product_search s join products p using (id) where p.slug = 'bulk-1'`,
    );
    expect(after).toEqual(before);
    await shop.db.rows(
      sql`update products set order_count = order_count + 1 where slug = 'bulk-1'`,
    );
    const changed = await shop.db.rows<{ v: string }>(
      sql`select s.xmin::text as v from product_search s join products p using (id) where p.slug = 'bulk-1'`,
    );
    expect(changed).not.toEqual(before);
  });
});

describe('migration of a shop running the previous schema', () => {
  const db = databaseBefore('_product_search');
  const config = testConfig();
  afterAll(() => {
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('copies the existing catalog, then keeps it in step', async () => {
    const [before] = await db.rows<{ exists: boolean }>(
      sql`select to_regclass('product_search') is not null as exists`,
    );
    expect(before?.exists).toBe(false);
    const old1 = await insertLegacyProduct(db, 'old-1', '既存の猫', '2030-01-01');
    await insertLegacyProduct(db, 'old-2', '既存の犬');
    await db.rows(sql`
      insert into benefits (product_id, title, available_max_num, distributed, expiry_date)
      values (${old1}, '特典', 5, true, '2099-12-31'), (${old1}, '特典', 0, true, null)`);
    await db.rows(sql`update products set order_count = 7 where slug = 'old-2'`);

    await db.migrate();
    expect(await mismatches(db)).toBe(0);
    const app = createApp({
      db,
      config,
      now: () => TEST_NOW,
      log: (message, error) => {
        throw new Error(`unexpected server error: ${message}`, { cause: error });
      },
    });
    const response = await app.request(
      `/api/search/?${new URLSearchParams({ q: '既存', sort: 'order_count-desc' })}`,
    );
    const page = searchPageSchema.parse(await response.json());
    expect(page.items.map((p) => p.slug)).toEqual(['old-2', 'old-1']);
    const [copied] = await db.rows<{ until: string }>(
      sql`select benefit_until::text as until from product_search where id = ${old1}`,
    );
    expect(copied?.until).toBe('2099-12-31');

    await insertProduct(db, 'new-1', '新規の猫');
    await db.rows(sql`update products set order_count = 3 where slug = 'old-1'`);
    expect(await mismatches(db)).toBe(0);
  });
});
