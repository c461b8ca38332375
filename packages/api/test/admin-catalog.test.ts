import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../src/admin/catalog-schemas';
import { adminTestShop, STAFF_AUTH } from './support/admin';

// The back office's catalog (docs/backoffice.md, "Catalog") through its HTTP routes: what staff
// create and edit shows on the storefront's product page and in search, refusals change nothing,
// every write leaves exactly one audit entry, and covers are served at the product's image URL.

const shop = adminTestShop();

async function admin<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await shop.request(`/api/admin/${path}`, {
    method,
    headers:
      body === undefined ? STAFF_AUTH : { ...STAFF_AUTH, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface ErrorAnswer {
  error: { code: string; message: string; details?: { path: string; message: string }[] };
}

async function auditEntries(): Promise<
  { action: string; target_id: string; actor: string; before: unknown; after: unknown }[]
> {
  return shop.db.rows(
    sql`select action, target_id, actor, before, after from audit_log order by id`,
  );
}

async function count(table: 'products' | 'variations' | 'audit_log'): Promise<number> {
  const [row] = await shop.db.rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? -1;
}

async function searchSlugs(q: string): Promise<string[]> {
  const res = await shop.request(`/api/search/?${new URLSearchParams({ q })}`);
  const body = (await res.json()) as { items: { slug: string }[] };
  return body.items.map((item) => item.slug);
}

const NEW_PRODUCT = {
  title: '星降る図書館の魔導書 1',
  titleKana: 'ホシフルトショカンノマドウショ',
  description: '図書館に眠る魔導書をめぐる冒険。',
  categories: ['コミック'],
  genre: 'comic',
  seriesTitle: '星降る図書館',
  seriesKana: 'ホシフルトショカン',
  authorName: '藤宮しおり',
  authorKana: 'フジミヤシオリ',
  publisher: '架空書房',
  isbn: '978-4-00-063352-9',
  releaseDate: '2026-12-15',
  reservationType: 'UNRELEASED',
  variations: [
    { name: '通常版', unitPrice: 770, pointValue: 7, stock: 30 },
    { name: '特装版', unitPrice: null, pointValue: 0, stock: 5 },
  ],
  benefits: [
    {
      title: '描き下ろしイラストカード',
      availableMaxNum: 100,
      distributed: true,
      expiryDate: null,
    },
  ],
};

describe('the catalog routes', () => {
  let created: AdminProduct;

  it('refuses without a staff identity', async () => {
    const res = await shop.request('/api/admin/products/');
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorAnswer).error.code).toBe('staff_unauthorized');
  });

  it('creates a product the storefront shows and search finds, with one audit entry', async () => {
    const audits = await count('audit_log');
    const answer = await admin<AdminProduct>('POST', 'products/', NEW_PRODUCT);
    expect(answer.status).toBe(201);
    created = answer.body;
    expect(created).toMatchObject({
      title: NEW_PRODUCT.title,
      isbn: '9784000633529',
      seriesTitle: '星降る図書館',
      authorName: '藤宮しおり',
      releaseDate: '2026-12-15',
      reservationType: 'UNRELEASED',
      coverUploaded: false,
      coverImage: `/covers/${created.slug}_240.png`,
    });
    expect(created.variations.map((v) => [v.name, v.unitPrice, v.stock])).toEqual([
      ['通常版', 770, 30],
      ['特装版', null, 5],
    ]);
    expect((await admin('GET', `products/${created.id}/`)).body).toEqual(created);

    const page = await shop.request(`/api/products/${created.slug}/`);
    expect(page.status).toBe(200);
    const product = (await page.json()) as {
      title: string;
      // The spec's wire format: a price is a string of yen.
      variations: { name: string; unit_price: string | null; can_reserve: boolean }[];
      benefits: { title: string }[];
    };
    expect(product.title).toBe(NEW_PRODUCT.title);
    expect(product.variations.map((v) => [v.name, v.unit_price, v.can_reserve])).toEqual([
      ['通常版', '770', true],
      ['特装版', null, true],
    ]);
    expect(product.benefits.map((b) => b.title)).toEqual(['描き下ろしイラストカード']);
    // By title, by the author's name, by the reading (kana and romaji) and by the code.
    for (const q of [
      '星降る図書館の魔導書',
      '藤宮しおり',
      'ほしふる',
      'hoshifuru',
      '9784000633529',
    ]) {
      expect(await searchSlugs(q), q).toContain(created.slug);
    }
    expect(await count('audit_log')).toBe(audits + 1);
    const [entry] = (await auditEntries()).slice(-1);
    expect(entry).toMatchObject({
      action: 'product.create',
      target_id: String(created.id),
      actor: 'OPERATOR_TOKEN',
      before: null,
    });
  });

  it('lists products newest first by keyset pages, filtered by a query', async () => {
    const first = await admin<{ items: { id: number }[]; nextCursor: string | null }>(
      'GET',
      'products/?limit=2',
    );
    expect(first.body.items[0]?.id).toBe(created.id);
    expect(first.body.items).toHaveLength(2);
    const second = await admin<{ items: { id: number }[] }>(
      'GET',
      `products/?limit=2&cursor=${first.body.nextCursor}`,
    );
    const ids = [...first.body.items, ...second.body.items].map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);
    const found = await admin<{ items: { id: number }[]; nextCursor: string | null }>(
      'GET',
      `products/?q=${encodeURIComponent('魔導書')}`,
    );
    expect(found.body.items.map((p) => p.id)).toContain(created.id);
  });

  it('edits the given fields only; storefront and search follow; the audit keeps the change', async () => {
    const [benefit] = created.benefits;
    const answer = await admin<AdminProduct>('PATCH', `products/${created.id}/`, {
      title: '星降る図書館の禁書 1',
      isAdult: false,
      benefits: [
        {
          id: benefit?.id,
          title: '特製しおり',
          availableMaxNum: 50,
          distributed: true,
          expiryDate: null,
        },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ title: '星降る図書館の禁書 1', authorName: '藤宮しおり' });
    expect(answer.body.benefits.map((b) => [b.title, b.availableMaxNum])).toEqual([
      ['特製しおり', 50],
    ]);
    expect(await searchSlugs('禁書')).toContain(created.slug);
    expect(await searchSlugs('魔導書')).not.toContain(created.slug);
    const page = (await (await shop.request(`/api/products/${created.slug}/`)).json()) as {
      title: string;
    };
    expect(page.title).toBe('星降る図書館の禁書 1');
    const [entry] = (await auditEntries()).slice(-1);
    expect(entry?.action).toBe('product.update');
    expect(entry?.before).toEqual({
      title: NEW_PRODUCT.title,
      benefits: [{ ...benefit }],
    });
    expect(entry?.after).toEqual({
      title: '星降る図書館の禁書 1',
      benefits: [{ ...benefit, title: '特製しおり', availableMaxNum: 50 }],
    });
    created = answer.body;
  });

  it('refuses bad fields with Japanese messages and changes nothing', async () => {
    const before = [await count('products'), await count('audit_log')];
    const bad = await admin<ErrorAnswer>('POST', 'products/', {
      ...NEW_PRODUCT,
      isbn: '9784000633520',
      categories: ['マンガ'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_json');
    expect(bad.body.error.details?.map((d) => [d.path, d.message])).toEqual(
      expect.arrayContaining([
        ['isbn', 'JAN/ISBNコードのチェックディジット（13桁目）が正しくありません'],
        ['categories.0', expect.stringContaining('カテゴリは')],
      ]),
    );
    const noDate = await admin<ErrorAnswer>('PATCH', `products/${created.id}/`, {
      releaseDate: null,
    });
    expect(noDate.status).toBe(400);
    expect(noDate.body.error.code).toBe('invalid_product');
    const taken = await admin<ErrorAnswer>('POST', 'products/', NEW_PRODUCT);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('product_code_taken');
    expect([await count('products'), await count('audit_log')]).toEqual(before);
    expect((await admin('GET', `products/${created.id}/`)).body).toEqual(created);
  });

  it('adds a variation and restocks one: the waiting member is mailed, one audit entry each', async () => {
    const added = await admin<{ variation: { id: number; name: string; stock: number } }>(
      'POST',
      `products/${created.id}/variations/`,
      { name: '限定版', unitPrice: 1540, pointValue: 15, stock: 0 },
    );
    expect(added.status).toBe(201);
    expect(added.body.variation).toMatchObject({ name: '限定版', stock: 0, inStock: false });
    const variationId = added.body.variation.id;
    const [member] = await shop.db.rows<{ id: number }>(
      sql`insert into members (email, password_hash, name) values ('restock@example.jp', 'x', '山田')
          returning id`,
    );
    await shop.db.rows(
      sql`insert into restock_requests (member_id, variation_id, created_at)
          values (${member?.id}, ${variationId}, now())`,
    );
    const audits = await count('audit_log');
    const restocked = await admin<{ restockNotices: number; variation: { stock: number } }>(
      'PATCH',
      `variations/${variationId}/`,
      { stock: 20, unitPrice: 1650, pointValue: 16 },
    );
    expect(restocked.status).toBe(200);
    expect(restocked.body.restockNotices).toBe(1);
    expect(restocked.body.variation).toMatchObject({ stock: 20, unitPrice: 1650, inStock: true });
    const mails = await shop.db.rows<{ n: number }>(
      sql`select count(*)::int as n from notification_outbox
          where kind = 'restock' and member_id = ${member?.id}`,
    );
    expect(mails[0]?.n).toBe(1);
    expect(await count('audit_log')).toBe(audits + 1);
    const [entry] = (await auditEntries()).slice(-1);
    expect(entry).toMatchObject({
      action: 'variation.update',
      before: { unitPrice: 1540, pointValue: 15, stock: 0, inStock: false },
      after: { unitPrice: 1650, pointValue: 16, stock: 20, inStock: true },
    });
    const clash = await admin<ErrorAnswer>('PATCH', `variations/${variationId}/`, {
      name: '通常版',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('variation_name_taken');
    const unpriced = await admin<ErrorAnswer>('PATCH', `variations/${variationId}/`, {
      unitPrice: null,
      pointValue: 3,
    });
    expect(unpriced.status).toBe(400);
    expect(await count('audit_log')).toBe(audits + 1);
  });
});

describe('cover upload', () => {
  let product: AdminProduct;
  beforeAll(async () => {
    product = (
      await admin<AdminProduct>('POST', 'products/', {
        title: '表紙テスト',
        categories: ['書籍'],
        genre: 'books',
        variations: [{ name: '通常版', unitPrice: 1100, pointValue: 11, stock: 3 }],
      })
    ).body;
  });

  async function put(body: Uint8Array, type: string) {
    const res = await shop.request(`/api/admin/products/${product.id}/cover/`, {
      method: 'PUT',
      headers: { ...STAFF_AUTH, 'content-type': type },
      body,
    });
    return { status: res.status, body: (await res.json()) as AdminProduct & ErrorAnswer };
  }

  const red = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#d01010' } });

  it('serves an uploaded JPEG at the product’s image URL, resized by /_image', async () => {
    const jpeg = await red(800, 1136).jpeg().toBuffer();
    const answer = await put(jpeg, 'image/jpeg');
    expect(answer.status).toBe(200);
    expect(answer.body.coverUploaded).toBe(true);
    expect(answer.body.coverImage).toMatch(
      new RegExp(`^/covers/${product.slug}-[0-9a-f]{12}_240\\.png$`),
    );
    const page = (await (await shop.request(`/api/products/${product.slug}/`)).json()) as {
      cover_image: string;
    };
    expect(page.cover_image).toBe(answer.body.coverImage);

    const cover = await shop.request(answer.body.coverImage);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    const pixels = await sharp(Buffer.from(await cover.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(pixels.info.width).toBe(240);
    // The upload's red, not generated artwork.
    const [r, g, b] = pixels.data.subarray(pixels.data.length / 2, pixels.data.length / 2 + 3);
    expect([r, g, b].map((c) => Math.round((c ?? 0) / 16))).toEqual([13, 1, 1]);

    const url = encodeURIComponent(answer.body.coverImage);
    const resized = await shop.request(`/_image?url=${url}&w=320&q=80&f=webp`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await resized.arrayBuffer())).metadata();
    expect(meta.width).toBe(320);

    const [entry] = (await auditEntries()).slice(-1);
    expect(entry).toMatchObject({
      action: 'product.cover',
      before: { coverImage: product.coverImage },
      after: { coverImage: answer.body.coverImage },
    });
  });

  it('refuses what is not a usable image with a 4xx, changing nothing', async () => {
    const audits = await count('audit_log');
    const current = (await admin<AdminProduct>('GET', `products/${product.id}/`)).body;
    const gif = await put(await red(400, 560).gif().toBuffer(), 'image/gif');
    expect([gif.status, gif.body.error.code]).toEqual([415, 'cover_type_unsupported']);
    const lying = await put(await red(400, 560).gif().toBuffer(), 'image/png');
    expect([lying.status, lying.body.error.code]).toEqual([415, 'cover_type_unsupported']);
    const broken = await put(new TextEncoder().encode('not an image at all'), 'image/png');
    expect([broken.status, broken.body.error.code]).toEqual([400, 'invalid_cover']);
    const truncated = (await red(400, 560).png().toBuffer()).subarray(0, 200);
    expect((await put(truncated, 'image/png')).status).toBe(400);
    const tiny = await put(await red(100, 142).png().toBuffer(), 'image/png');
    expect([tiny.status, tiny.body.error.code]).toEqual([400, 'invalid_cover']);
    const huge = await put(new Uint8Array(10 * 1024 * 1024 + 1), 'image/png');
    expect([huge.status, huge.body.error.code]).toEqual([413, 'payload_too_large']);
    expect(await count('audit_log')).toBe(audits);
    expect((await admin('GET', `products/${product.id}/`)).body).toEqual(current);
  });
});
