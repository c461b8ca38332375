import { ean13CheckDigit } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '../src/admin/catalog-csv-format';
import type { ImportAnswer } from '../src/admin/catalog-schemas';
import { parseCsv, stringifyCsv } from '../src/admin/csv';
import { adminTestShop, STAFF_AUTH } from './support/admin';

// The product CSV import and export (docs/backoffice.md, "Product CSV format") through the
// routes: one bad row refuses the whole file with its line and nothing is written; a good file
// is written whole; importing it again, or importing the export, changes nothing; concurrent
// imports of one JAN code (on PostgreSQL: really concurrent) leave one product.

const shop = adminTestShop();

interface Answer {
  status: number;
  body: ImportAnswer & {
    error: {
      code: string;
      message: string;
      details?: { line: number; column: string; message: string }[];
    };
  };
}

async function importCsv(
  text: string | Uint8Array,
  query = '',
  type = 'text/csv; charset=utf-8',
): Promise<Answer> {
  const res = await shop.request(`/api/admin/products/import/${query}`, {
    method: 'POST',
    headers: { ...STAFF_AUTH, 'content-type': type },
    body: text,
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** A valid JAN code (ISBN-13) from a number. */
function jan(n: number): string {
  const first12 = `9784${String(n).padStart(8, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

type Row = Partial<Record<ProductCsvColumn, string>>;

function csvOf(rows: Row[]): string {
  return stringifyCsv([
    [...PRODUCT_CSV_COLUMNS],
    ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((column) => row[column] ?? '')),
  ]);
}

/** A feed of `count` new titles: every fifth has a second edition (two rows). */
function feed(count: number, base = 70_000_000): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < count; i += 1) {
    const product: Row = {
      jan: jan(base + i),
      title: `取込テスト第${i + 1}巻`,
      title_kana: `トリコミテスト`,
      categories: i % 2 ? 'コミック' : 'ノベル|中古',
      genre: i % 2 ? 'comic' : 'novel',
      series: '取込シリーズ',
      author: '取込太郎',
      author_kana: 'トリコミタロウ',
      publisher: '架空書房',
      description: `説明, "引用" と\n改行 ${i}`,
      adult: '0',
      release_date: '2027-01-10',
      release_precision: 'month_part',
      reservation_type: 'UNRELEASED',
    };
    rows.push({ ...product, variation: '通常版', price: '660', points: '6', stock: '10' });
    if (i % 5 === 0)
      rows.push({ ...product, variation: '特装版', price: '', points: '0', stock: '2' });
  }
  return rows;
}

async function counts() {
  const [row] = await shop.db.rows<{ products: number; audits: number; touched: string }>(
    sql`select (select count(*)::int from products) as products,
          (select count(*)::int from audit_log) as audits,
          (select max(updated_at)::text from products) as touched`,
  );
  return row;
}

/** Imports `text` (with `query`) and checks that nothing was written; returns the answer. */
async function importWritingNothing(text: string, query = ''): Promise<Answer> {
  const before = await counts();
  const answer = await importCsv(text, query);
  expect(await counts()).toEqual(before);
  return answer;
}

describe('CSV import', () => {
  const rows = feed(50);

  it('refuses a file of 50 products with one bad row by its line, importing nothing', async () => {
    const before = await counts();
    const bad = rows.map((row, index) => (index === 22 ? { ...row, price: '六百円' } : row));
    // A quoted line break takes a second line: every row before the bad one spans two.
    const line = 1 + 22 * 2 + 1;
    for (const query of ['', '?dryRun=1']) {
      const answer = await importCsv(csvOf(bad), query);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('invalid_csv');
      expect(answer.body.error.message).toContain('何も取り込まれていません');
      expect(answer.body.error.details).toEqual([
        { path: `${line}.price`, line, column: 'price', message: '価格を数値で指定してください' },
      ]);
    }
    expect(await counts()).toEqual(before);
  });

  it('lists every bad row: cells, rows of one product that disagree, repeated editions', async () => {
    const bad = [...rows.slice(0, 3)];
    bad[0] = { ...bad[0], genre: 'manga', jan: '9784000000001' };
    bad.push({ ...(rows[1] as Row), title: '別の題' });
    bad.push({ ...(rows[2] as Row) });
    const answer = await importCsv(csvOf(bad));
    expect(answer.status).toBe(400);
    expect(answer.body.error.details?.map((d) => [d.line, d.column])).toEqual([
      [2, 'jan'],
      [2, 'genre'],
      [8, 'title'],
      [8, 'variation'],
      [10, 'variation'],
    ]);
  });

  it('a dry run validates and counts without writing', async () => {
    const answer = await importWritingNothing(csvOf(rows), '?dryRun=1');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      dryRun: true,
      rows: 60,
      created: 50,
      updated: 0,
      unchanged: 0,
      variationsCreated: 60,
      variationsUpdated: 0,
    });
  });

  it('imports the good file in one go, one audit entry per product; the storefront shows it', async () => {
    const before = await counts();
    const answer = await importCsv(csvOf(rows));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ created: 50, variationsCreated: 60 });
    const after = await counts();
    expect(after?.products).toBe((before?.products ?? 0) + 50);
    expect(after?.audits).toBe((before?.audits ?? 0) + 50);
    const [product] = await shop.db.rows<{ slug: string; description: string; sell: string }>(
      sql`select slug, description, sell_start_date::text as sell from products where isbn = ${jan(70_000_000)}`,
    );
    expect(product?.description).toBe('説明, "引用" と\n改行 0');
    // 上旬: a month part is stored as its first day.
    expect(product?.sell).toBe('2027-01-01');
    const page = (await (await shop.request(`/api/products/${product?.slug}/`)).json()) as {
      variations: { name: string; unit_price: string | null }[];
    };
    expect(page.variations.map((v) => [v.name, v.unit_price])).toEqual([
      ['通常版', '660'],
      ['特装版', null],
    ]);
    const search = (await (
      await shop.request(`/api/search/?q=${encodeURIComponent('取込テスト第7巻')}`)
    ).json()) as { items: { title: string }[] };
    expect(search.items.map((item) => item.title)).toContain('取込テスト第7巻');
  });

  it('importing the same file again changes nothing', async () => {
    const answer = await importWritingNothing(csvOf(rows));
    expect(answer.body).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 50,
      variationsUpdated: 0,
    });
  });

  it('a changed row updates its product only, with the change in its audit entry', async () => {
    const changed = rows.map((row, index) =>
      index === 2 ? { ...row, price: '704', stock: '0', title: '取込テスト第2巻 改' } : row,
    );
    const answer = await importCsv(csvOf(changed));
    expect(answer.body).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 49,
      variationsUpdated: 1,
    });
    const [entry] = await shop.db.rows<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from audit_log order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'product.import',
      before: {
        title: '取込テスト第2巻',
        variations: [{ name: '通常版', unitPrice: 660, pointValue: 6, stock: 10 }],
      },
      after: {
        title: '取込テスト第2巻 改',
        variations: [{ name: '通常版', unitPrice: 704, pointValue: 6, stock: 0 }],
      },
    });
  });

  it('refuses more than 5,000 rows, a body that is not CSV, and a file not in UTF-8', async () => {
    const many = Array.from({ length: 5_001 }, (_, i) => ({
      ...(rows[0] as Row),
      variation: `版${i}`,
    }));
    const tooMany = await importCsv(csvOf(many));
    expect([tooMany.status, tooMany.body.error.code]).toEqual([413, 'csv_too_many_rows']);
    const huge = await importCsv(new Uint8Array(16 * 1024 * 1024 + 1).fill(0x41));
    expect([huge.status, huge.body.error.code]).toEqual([413, 'payload_too_large']);
    const json = await importCsv('{}', '', 'application/json');
    expect([json.status, json.body.error.code]).toEqual([415, 'csv_type_unsupported']);
    // 「商品」 in Shift_JIS, as Excel's plain "CSV" saves it.
    const sjis = await importCsv(new Uint8Array([0x8f, 0xa4, 0x95, 0x69, 0x0d, 0x0a]));
    expect([sjis.status, sjis.body.error.code]).toEqual([400, 'invalid_csv']);
    const open = await importCsv(`${PRODUCT_CSV_COLUMNS.join(',')}\r\n"unclosed,`);
    expect(open.body.error.details).toEqual([
      { path: '2', line: 2, message: expect.stringContaining('閉じられていない') },
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('declares the CSV and image bodies with the limits the server enforces', async () => {
    const document = (await (await shop.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody: Record<string, unknown> }>>;
    };
    const importBody = document.paths['/api/admin/products/import/']?.post?.requestBody;
    expect(Object.keys(importBody?.content as object)).toEqual(['text/csv']);
    expect(importBody?.['x-max-body-bytes']).toBe(16 * 1024 * 1024);
    const coverBody = document.paths['/api/admin/products/{id}/cover/']?.put?.requestBody;
    expect(Object.keys(coverBody?.content as object)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
    expect(coverBody?.['x-max-body-bytes']).toBe(10 * 1024 * 1024);
  });
});

describe('CSV export', () => {
  it('writes every product in the import format; importing it changes nothing', async () => {
    const res = await shop.request('/api/admin/products/export/', { headers: STAFF_AUTH });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('\uFEFF')).toBe(false); // Response.text() drops the BOM it reads
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error('export is not CSV');
    expect(parsed.records[0]?.fields).toEqual([...PRODUCT_CSV_COLUMNS]);
    const before = await counts();
    const ids = new Set(parsed.records.slice(1).map((record) => record.fields[0]));
    expect(ids.size).toBe(before?.products);

    const answer = await importWritingNothing(text);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: before?.products,
      variationsCreated: 0,
      variationsUpdated: 0,
    });
  });
});

describe('concurrent imports', () => {
  it('of one new JAN code leave one product', async () => {
    const file = csvOf(feed(1, 71_000_000));
    const answers = await Promise.all(Array.from({ length: 8 }, () => importCsv(file)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.reduce((sum, a) => sum + a.body.created, 0)).toBe(1);
    const [row] = await shop.db.rows<{ n: number; variations: number }>(
      sql`select count(*)::int as n,
            (select count(*)::int from variations v join products p on p.id = v.product_id
             where p.isbn = ${jan(71_000_000)}) as variations
          from products where isbn = ${jan(71_000_000)}`,
    );
    expect(row).toEqual({ n: 1, variations: 2 });
  });
});
