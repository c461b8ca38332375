import { normalizeForSearch, searchableText } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchPage, searchPageSchema } from '../src/schemas/catalog';
import { openTestShop, type TestShop } from './support/database';

// Search that forgives the way people type (docs/api.md, "Search"): spacing, volume marks,
// widths and readings never decide whether a title is found. Titles of their own, so that the
// seeded catalog's titles cannot make a test pass.
let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
  const titles: [string, string, string, string][] = [
    ['yusha-19', '勇者の図書館 19', 'ユウシャノトショカン 19', 'コミック'],
    ['yusha-20', '勇者の図書館 20', 'ユウシャノトショカン 20', 'コミック'],
    ['yuru-6', 'ゆるゆる転生 6', 'ユルユルテンセイ 6', 'コミック'],
    ['yuru-16', 'ゆるゆる転生 16', 'ユルユルテンセイ 16', 'コミック'],
    ['maou', '魔王さまの喫茶店〜ひとやすみ〜', 'マオウサマノキッサテン ヒトヤスミ', '文庫'],
    ['bocchi', 'ぼっち ざ ろっく', 'ボッチザロック', 'ノベル'],
  ];
  // An ISBN no volume number before it turns into a Luhn-valid run of digits (the search text has
  // no spaces, and CI's scan reports card-like numbers in every test database).
  for (const [slug, title, reading, category] of titles) {
    await shop.db.rows(sql`
      insert into products (slug, title, title_kana, categories, genre, cover_image, search_title,
        search_text, isbn)
      values (${`fg-${slug}`}, ${title}, ${reading}, array[${category}], 'comic', '/covers/x.png',
        ${normalizeForSearch(title)},
        ${searchableText({ texts: [title, '9784060000001'], readings: [reading] })}, '9784060000001')`);
  }
});
afterAll(async () => {
  await shop?.close();
});

async function found(q: string, extra: Record<string, string> = {}): Promise<string[]> {
  const response = await shop.request(`/api/search/?${new URLSearchParams({ q, ...extra })}`);
  expect(response.status).toBe(200);
  const page: SearchPage = searchPageSchema.parse(await response.json());
  return page.items.map((p) => p.slug).filter((slug) => slug.startsWith('fg-'));
}

describe('search that forgives the way people type', () => {
  it.each([
    '勇者の図書館19',
    '勇者の図書館 19',
    '勇者の図書館１９',
    '勇者の図書館 第19巻',
    '勇者の図書館19巻',
  ])('%s finds 勇者の図書館 19 and no other volume', async (q) => {
    expect(await found(q)).toEqual(['fg-yusha-19']);
  });
  it.each(['ゆるゆる転生6', 'ゆるゆる転生 6巻', 'ゆるゆる転生 ６', 'ゆるゆる転生第6巻'])(
    '%s finds ゆるゆる転生 6, not 16 (nor a 6 of its ISBN)',
    async (q) => {
      expect(await found(q)).toEqual(['fg-yuru-6']);
    },
  );
  it('puts the exact volume first under relevance', async () => {
    expect((await found('ゆるゆる転生6', { sort: 'relevance_score-desc' }))[0]).toBe('fg-yuru-6');
  });
  it.each(['ぼっちざろっく', 'ボッチ・ザ・ロック', 'ぼっち ざ ろっく！'])(
    '%s finds ぼっち ざ ろっく however it is spaced or punctuated',
    async (q) => {
      expect(await found(q)).toEqual(['fg-bocchi']);
    },
  );
  it.each([
    '魔王さまの喫茶店～ひとやすみ～',
    '魔王さまの喫茶店ーひとやすみ',
    '魔王さまの喫茶店 ひとやすみ',
  ])('%s finds the title whatever wave or dash it is typed with', async (q) => {
    expect(await found(q)).toEqual(['fg-maou']);
  });
  it.each(['まおう', 'マオウ', 'maou', 'mao', 'maō', 'maoh', 'きっさてん', 'kissaten'])(
    'finds 魔王 by its reading typed as %s',
    async (q) => {
      expect(await found(q)).toContain('fg-maou');
    },
  );
  it.each(['ゆうしゃ', 'ユウシャ', 'yuusha', 'yusha', 'toshokan', 'tosyokan'])(
    'finds 勇者の図書館 by its reading typed as %s',
    async (q) => {
      expect((await found(q)).sort()).toEqual(['fg-yusha-19', 'fg-yusha-20']);
    },
  );
});

describe('a search that finds nothing offers something', () => {
  async function searchPage(q: string): Promise<SearchPage> {
    const response = await shop.request(`/api/search/?${new URLSearchParams({ q })}`);
    expect(response.status).toBe(200);
    return searchPageSchema.parse(await response.json());
  }

  it('suggests the close titles of a typo, closest first', async () => {
    const page = await searchPage('勇者の凶書館 19');
    expect(page.total).toBe(0);
    const titles = page.suggestions?.titles.map((t) => t.title) ?? [];
    expect(titles[0]).toBe('勇者の図書館 19');
    expect(titles.length).toBeGreaterThan(1);
    for (const title of titles) expect(title.startsWith('勇者の図書館')).toBe(true);
    expect(page.suggestions?.titles[0]?.slug).toBe('fg-yusha-19');
  });

  it('offers popular searches, each of which finds products', async () => {
    const page = await searchPage('存在しない題名ずずずず');
    expect(page.total).toBe(0);
    const popular = page.suggestions?.popular ?? [];
    expect(popular.length).toBeGreaterThan(0);
    expect(new Set(popular).size).toBe(popular.length);
    for (const q of popular) expect((await searchPage(q)).total).toBeGreaterThan(0);
  });

  it('offers nothing when the search found something', async () => {
    expect((await searchPage('勇者の図書館')).suggestions).toBeNull();
  });
});
