import { parseUnitPrice, productSchema, stockLabel } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productDetailSchema,
  productPageSchema,
  rankingSchema,
  saleListSchema,
} from '../src/schemas/catalog';
import {
  authorDetailSchema,
  galleryDetailSchema,
  homedataSchema,
  newsPageSchema,
  seriesDetailSchema,
  showcaseDetailSchema,
} from '../src/schemas/content';
import { openTestShop, TEST_NOW, TEST_PRODUCTS, type TestShop } from './support/database';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function json(path: string) {
  const response = await shop.request(path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('health', () => {
  it('answers ok with the engine and the number of products', async () => {
    const { status, body } = await json('/api/health/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', products: TEST_PRODUCTS });
    expect(['pglite', 'postgres']).toContain(body.database);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404 in Japanese', async () => {
    const response = await shop.request('/api/no-such-thing/');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'お探しのページは見つかりませんでした。' },
    });
  });

  it('redirects a path without its trailing slash to the canonical one', async () => {
    const response = await shop.request('/api/products/040000000001');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toMatch(/\/api\/products\/040000000001\/$/);
  });

  it('rejects a malformed slug with 400 and the offending field', async () => {
    const { status, body } = await json('/api/products/%E7%8C%AB!/');
    expect(status).toBe(400);
    const error = body.error as { code: string; message: string; details: { path: string }[] };
    expect(error.code).toBe('invalid_param');
    expect(error.message).toContain('リクエストの内容に誤りがあります');
    expect(error.details[0]?.path).toBe('slug');
  });

  it('rejects an unknown ranking type and a bad page number', async () => {
    expect((await json('/api/ranking/hourly/')).status).toBe(400);
    const page = await json('/api/productlist/add/?page=0');
    expect(page.status).toBe(400);
    expect((page.body.error as { code: string }).code).toBe('invalid_query');
  });

  it('answers 404 for a product that does not exist', async () => {
    const { status, body } = await json('/api/products/049999999999/');
    expect(status).toBe(404);
    expect((body.error as { message: string }).message).toBe(
      'お探しの商品は見つかりませんでした。',
    );
  });
});

describe('product page', () => {
  it('is a valid @shop/rules Product with labels computed by the rules', async () => {
    const [row] = await shop.db.rows<{ slug: string }>(
      sql`select p.slug from products p where (select count(*) from variations v where v.product_id = p.id) > 1 order by p.id limit 1`,
    );
    const { status, body } = await json(`/api/products/${row?.slug}/`);
    expect(status).toBe(200);
    const product = productDetailSchema.parse(body);
    expect(productSchema.safeParse(body).success).toBe(true);
    expect(product.variations.length).toBeGreaterThan(1);
    for (const variation of product.variations) {
      expect(variation.stock_label).toBe(stockLabel(variation, TEST_NOW));
    }
  });

  it('sends prices as the numeric strings of the stored integer yen', async () => {
    const [row] = await shop.db.rows<{ slug: string; unit_price: number }>(
      sql`select p.slug, v.unit_price from products p join variations v on v.product_id = p.id
          where v.unit_price is not null and v.position = 0 order by p.id limit 1`,
    );
    const product = productDetailSchema.parse((await json(`/api/products/${row?.slug}/`)).body);
    expect(parseUnitPrice(product.variations[0]?.unit_price ?? null)).toBe(row?.unit_price);
  });

  it('lists only active benefits among all benefits', async () => {
    const [row] = await shop.db.rows<{ slug: string }>(sql`
      select p.slug from products p join benefits b on b.product_id = p.id
      where b.expiry_date < '2026-11-20' order by p.id limit 1`);
    const product = productDetailSchema.parse((await json(`/api/products/${row?.slug}/`)).body);
    expect(product.benefits.length).toBeGreaterThan(product.active_benefits.length);
    for (const benefit of product.active_benefits) {
      expect(benefit.distributed).toBe(true);
      if (benefit.expiry_date) expect(benefit.expiry_date >= '2026-11-20').toBe(true);
    }
  });

  it('marks price-undecided reservations and shows postponement history', async () => {
    const [undecided] = await shop.db.rows<{ slug: string }>(sql`
      select p.slug from products p join variations v on v.product_id = p.id
      where v.unit_price is null and v.can_reserve order by p.id limit 1`);
    const a = productDetailSchema.parse((await json(`/api/products/${undecided?.slug}/`)).body);
    expect(a.price_undecided).toBe(true);
    expect(a.reservation_label).toBe('予約受付中');

    const [delayed] = await shop.db.rows<{ slug: string; n: number }>(sql`
      select p.slug, count(*)::int as n from products p
      join release_postponements r on r.product_id = p.id group by p.slug order by p.slug limit 1`);
    const b = productDetailSchema.parse((await json(`/api/products/${delayed?.slug}/`)).body);
    expect(b.postponements).toHaveLength(delayed?.n ?? -1);
    expect(b.postponements.at(-1)?.next?.date).toBe(b.sell_start_date);
  });
});

describe('homedata', () => {
  it('gives everything the top page shows in one call', async () => {
    const { status, body } = await json('/api/homedata/');
    expect(status).toBe(200);
    const home = homedataSchema.parse(body);
    expect(home.news.length).toBe(5);
    expect(home.news.every((n) => n.published_at <= TEST_NOW.toISOString())).toBe(true);
    expect(home.showcases.length).toBeGreaterThan(0);
    expect(home.releases_today.date).toBe('2026-11-20');
    expect(home.releases_today.items.every((p) => p.release_date?.date === '2026-11-20')).toBe(
      true,
    );
    expect(home.rankings.daily.items.length).toBeGreaterThan(0);
  });
});

describe('rankings', () => {
  it('counts the sales of yesterday (JST) for the daily ranking, from the orders themselves', async () => {
    const ranking = rankingSchema.parse((await json('/api/ranking/daily/')).body);
    expect(ranking).toMatchObject({
      type: 'daily',
      label: '毎日',
      from: '2026-11-19',
      to: '2026-11-19',
    });
    const expected = await shop.db.rows<{ slug: string; units: number }>(sql`
      select p.slug, sum(i.quantity)::int as units from order_items i
      join orders o on o.id = i.order_id join products p on p.id = i.product_id
      where (o.placed_at at time zone 'Asia/Tokyo')::date = '2026-11-19'
      group by p.id, p.slug order by units desc, p.id limit 50`);
    expect(ranking.items.map((i) => [i.product.slug, i.units])).toEqual(
      expected.map((e) => [e.slug, e.units]),
    );
    expect(ranking.items.map((i) => i.rank)).toEqual(ranking.items.map((_, n) => n + 1));
  });

  it('ranks only unreleased items by reservations', async () => {
    const ranking = rankingSchema.parse((await json('/api/ranking/reservation/')).body);
    expect(ranking.items.length).toBeGreaterThan(0);
    for (const item of ranking.items) {
      expect((item.product.release_date?.date ?? '') > '2026-11-20').toBe(true);
    }
  });

  it('has longer windows that contain the shorter ones', async () => {
    const weekly = rankingSchema.parse((await json('/api/ranking/weekly/')).body);
    const yearly = rankingSchema.parse((await json('/api/ranking/yearly/')).body);
    expect(weekly).toMatchObject({ from: '2026-11-13', to: '2026-11-19' });
    expect(yearly.from).toBe('2025-11-20');
    const top = yearly.items[0]?.units ?? 0;
    expect(top).toBeGreaterThanOrEqual(weekly.items[0]?.units ?? 0);
  });
});

describe('product lists', () => {
  it('lists the releases of a day, a week and a month', async () => {
    const day = saleListSchema.parse((await json('/api/productlist/sale/day/')).body);
    expect(day.items.every((p) => p.release_date?.date === '2026-11-20')).toBe(true);
    const week = saleListSchema.parse(
      (await json('/api/productlist/sale/week/?date=2026-11-20')).body,
    );
    expect(week).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    const month = saleListSchema.parse(
      (await json('/api/productlist/sale/month/?date=2026-12-05')).body,
    );
    expect(month).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
    expect(month.total).toBeGreaterThan(0);
    expect(month.items.every((p) => p.release_date?.date.startsWith('2026-12'))).toBe(true);
  });

  it("refuses a release-list day outside 1900-2999 with a 400, and takes the span's last week", async () => {
    for (const date of ['0050-01-01', '1899-12-31', '9999-12-31']) {
      const { status, body } = await json(`/api/productlist/sale/week/?date=${date}`);
      expect(status).toBe(400);
      expect((body.error as { code: string }).code).toBe('invalid_query');
    }
    const last = saleListSchema.parse(
      (await json('/api/productlist/sale/week/?date=2999-12-31')).body,
    );
    expect(last).toMatchObject({ from: '2999-12-30', to: '3000-01-05', total: 0 });
  });

  it('lists recent additions, postponements and benefit items', async () => {
    const added = productPageSchema.parse((await json('/api/productlist/add/')).body);
    const delay = productPageSchema.parse((await json('/api/productlist/delay/')).body);
    const benefit = productPageSchema.parse((await json('/api/productlist/benefit/')).body);
    expect(added.total).toBeGreaterThan(0);
    expect(delay.total).toBeGreaterThan(0);
    expect(benefit.items.every((p) => p.has_active_benefit)).toBe(true);
  });

  it('lists every limited edition, also one sold as a variation beside the 通常版', async () => {
    const rows = await shop.db.rows<{ slug: string; title: string; names: string[] }>(
      sql`select p.slug, p.title, array(select v.name from variations v where v.product_id = p.id) as names
          from products p`,
    );
    const limited = (text: string) => text.includes('限定版') || text.includes('特装版');
    const expected = rows.filter((r) => limited(r.title) || r.names.some(limited));
    const asVariationOnly = expected.filter((r) => !limited(r.title));
    // The old list was a title search for 限定版, which never saw these.
    expect(asVariationOnly.length).toBeGreaterThan(20);
    const listed: string[] = [];
    for (let page = 1; ; page += 1) {
      const list = productPageSchema.parse(
        (await json(`/api/productlist/limited/?page=${page}`)).body,
      );
      expect(list.total).toBe(expected.length);
      if (list.items.length === 0) break;
      listed.push(...list.items.map((p) => p.slug));
    }
    expect(listed.sort()).toEqual(expected.map((r) => r.slug).sort());
  });

  it('pages through a list without repeating an item', async () => {
    const first = productPageSchema.parse((await json('/api/productlist/benefit/?page=1')).body);
    const second = productPageSchema.parse((await json('/api/productlist/benefit/?page=2')).body);
    expect(first.total).toBeGreaterThan(first.per_page);
    const slugs = new Set(first.items.map((p) => p.slug));
    expect(second.items.some((p) => slugs.has(p.slug))).toBe(false);
    const beyond = productPageSchema.parse((await json('/api/productlist/benefit/?page=999')).body);
    expect(beyond).toMatchObject({ total: first.total, items: [] });
  });
});

describe('content', () => {
  it('lists published news and hides scheduled ones', async () => {
    const news = newsPageSchema.parse((await json('/api/news/')).body);
    expect(news.total).toBe(29);
    expect((await json('/api/news/n0030/')).status).toBe(404);
    expect((await json('/api/news/n0029/')).status).toBe(200);
  });

  it('opens a showcase, a gallery entry, a series and an author', async () => {
    const showcase = showcaseDetailSchema.parse((await json('/api/showcases/sc1/')).body);
    expect(showcase.products.length).toBe(12);
    const gallery = galleryDetailSchema.parse((await json('/api/gallery/g1/')).body);
    expect(gallery.author?.kind).toBe('author');
    const [series] = await shop.db.rows<{ slug: string; n: number }>(sql`
      select s.slug, count(*)::int as n from series s join products p on p.series_id = s.id
      group by s.slug order by n desc, s.slug limit 1`);
    const detail = seriesDetailSchema.parse((await json(`/api/series/${series?.slug}/`)).body);
    expect(detail.products.total).toBe(series?.n);
    const author = authorDetailSchema.parse((await json('/api/authors/a1/')).body);
    expect(author.kind).toBe('author');
  });

  it('keeps ended showcases out of the list', async () => {
    const { body } = await json('/api/showcases/');
    const slugs = (body.items as { slug: string }[]).map((s) => s.slug);
    expect(slugs).not.toContain('sc8');
    expect(slugs).toContain('sc1');
  });
});

describe('OpenAPI document', () => {
  it('describes every catalog endpoint with its parameters and response schema', async () => {
    const { status, body } = await json('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    const paths = body.paths as Record<string, { get?: { parameters: { name: string }[] } }>;
    for (const path of [
      '/api/homedata/',
      '/api/products/{slug}/',
      '/api/search/',
      '/api/ranking/{type}/',
      '/api/productlist/sale/{term}/',
      '/api/productlist/{type}/',
      '/api/news/{slug}/',
      '/api/showcases/{slug}/',
      '/api/gallery/{slug}/',
      '/api/series/{slug}/',
      '/api/authors/{slug}/',
      '/_image',
      '/_app/builds/latest.json',
    ]) {
      expect(paths[path]?.get, path).toBeDefined();
    }
    const ranking = paths['/api/ranking/{type}/']?.get?.parameters[0] as unknown as {
      schema: { enum: string[] };
    };
    expect(ranking.schema.enum).toEqual(['reservation', 'daily', 'weekly', 'monthly', 'yearly']);
  });
});
