import { normalizeForSearch, searchableText } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from './support/database';

// Migration 0020 (search readings) brings the search forms a running shop stored under the old
// normalisation to the new one: the 第 and 巻 around a number dropped, a number a word of its
// own, and search_text without spaces with the authors' readings, as @shop/rules searchableText
// writes it (less the folded reading, which only the application computes).

describe('migration of stored search forms', () => {
  const db = databaseBefore('_search_readings');

  it('rewrites search_title and search_text, and the search copy follows', async () => {
    const [author] = await db.rows<{ id: number }>(sql`
      insert into authors (slug, name, name_kana, kind)
      values ('a-old', '佐藤あかり', 'サトウ アカリ', 'author') returning id`);
    // What the old normalizeForSearch stored for these titles (kept 第/巻 and glued digits).
    const rows: [string, string, string][] = [
      ['old-1', '勇者の図書館 第19巻', '勇者の図書館 第19巻'],
      ['old-2', 'ゆるゆる転生6巻', 'ゆるゆる転生6巻'],
      ['old-3', '上巻 〜はじまり〜', '上巻 はじまりー'],
    ];
    for (const [slug, title, old] of rows) {
      await db.rows(sql`
        insert into products (slug, title, categories, genre, cover_image, search_title,
          search_text, author_id)
        values (${slug}, ${title}, array['コミック'], 'comic', '/covers/x.png', ${old},
          ${`${old} 佐藤あかり`}, ${author?.id})`);
    }
    await db.migrate();
    const after = await db.rows<{ title: string; st: string; tx: string; copy: string }>(sql`
      select p.title, p.search_title as st, p.search_text as tx, s.search_text as copy
      from products p join product_search s on s.id = p.id order by p.slug`);
    for (const row of after) {
      expect(row.st).toBe(normalizeForSearch(row.title));
      expect(row.tx).toBe(
        `${searchableText({ texts: [row.title, '佐藤あかり'], readings: [] })}さとうあかり`,
      );
      expect(row.copy).toBe(row.tx);
    }
    expect(after.map((r) => r.st)).toEqual([
      '勇者の図書館 19',
      'ゆるゆる転生 6',
      '上巻 はじまりー',
    ]);
  });
});
