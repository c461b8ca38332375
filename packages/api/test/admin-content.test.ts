import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../src/app';
import { adminRequest, auditEntries, json } from './support/admin';
import { createOrdersTestApp, insertProduct, type OrdersTestApp } from './support/orders-app';

// The back office's content (docs/backoffice.md, "Content"): news, showcases and their banner
// order, the signed-book gallery and the contact inbox, each write audited once, and the
// storefront showing every edit at once: `shop` is a second API instance whose top page cache
// lives a minute, warmed before each edit.

let t: OrdersTestApp;
let shop: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createOrdersTestApp();
  shop = createApp({ ...t.deps, config: { ...t.deps.config, cacheTtlMs: 60_000 } });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(t.app, method, path, body);

interface Homedata {
  news: { slug: string; title: string }[];
  showcases: { slug: string; title: string }[];
  gallery: { slug: string; title: string }[];
}
const home = async () => json<Homedata>(await shop.request('/api/homedata/'), 200);

/** Counts of what a refused request must leave as it was. */
async function contentCounts() {
  const [row] = await t.db.rows<Record<string, number>>(
    sql`select (select count(*)::int from news) as news, (select count(*)::int from showcases) as showcases,
               (select count(*)::int from showcase_products) as items,
               (select count(*)::int from gallery_entries) as gallery,
               (select count(*)::int from audit_log) as audit,
               (select md5(coalesce(string_agg(n::text, '|' order by n.id), '')) from news n) as "newsRows",
               (select md5(coalesce(string_agg(s::text, '|' order by s.id), '')) from showcases s) as "showcaseRows",
               (select md5(coalesce(string_agg(c::text, '|' order by c.id), '')) from contact_messages c) as "contactRows",
               (select revision::int from cache_revisions where area = 'content') as revision`,
  );
  return row;
}

const MINUTE = 60_000;
const at = (offsetMs: number) => new Date(t.deps.now().getTime() + offsetMs).toISOString();

interface AdminNews {
  id: number;
  slug: string;
  title: string;
  publishedAt: string | null;
  state: string;
}

describe('staff authentication', () => {
  test('every content route refuses a request without a staff identity, and writes nothing', async () => {
    const before = await contentCounts();
    const refused = [
      await adminRequest(t.app, 'GET', 'news/', undefined, null),
      await adminRequest(t.app, 'POST', 'news/', { slug: 'x' }, null),
      await adminRequest(t.app, 'PATCH', 'contacts/1/', { status: 'done' }, 'wrong-token'),
      await adminRequest(t.app, 'PUT', 'banners/', { showcaseIds: [] }, null),
    ];
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'staff_unauthorized',
      );
    }
    expect(await contentCounts()).toEqual(before);
  });
});

describe('news', () => {
  beforeAll(async () => {
    // 24 entries published over the last days and one scheduled for tomorrow, as a shop has.
    for (let i = 1; i <= 25; i += 1) {
      const publishedAt = at((i === 25 ? 24 * 60 : -i * 24 * 60) * MINUTE);
      await t.db.rows(
        sql`insert into news (slug, title, category, body, published_at)
            values (${`n${String(i).padStart(4, '0')}`}, ${`お知らせ ${i}`}, 'お知らせ', '本文', ${publishedAt})`,
      );
    }
  });

  const body = {
    slug: 'winter-sale',
    title: '冬のセールのお知らせ',
    category: 'キャンペーン',
    body: '12月1日から冬のセールを開催します。',
    publishedAt: null,
  };

  test('a draft is kept but not shown; publishing, editing and unpublishing show at once', async () => {
    await home(); // warms the second instance's top page cache
    const draft = await json<AdminNews>(await admin('POST', 'news/', body), 201);
    expect(draft).toMatchObject({ slug: 'winter-sale', publishedAt: null, state: 'draft' });
    expect((await shop.request('/api/news/winter-sale/')).status).toBe(404);
    expect((await home()).news.map((n) => n.slug)).not.toContain('winter-sale');

    const published = await json<AdminNews>(
      await admin('PATCH', `news/${draft.id}/`, { publishedAt: at(-MINUTE) }),
      200,
    );
    expect(published.state).toBe('published');
    expect((await home()).news[0]).toMatchObject({ slug: 'winter-sale', title: body.title });
    expect((await shop.request('/api/news/winter-sale/')).status).toBe(200);

    await json(await admin('PATCH', `news/${draft.id}/`, { title: '冬のセール開催' }), 200);
    expect((await home()).news[0]?.title).toBe('冬のセール開催');
    const page = await json<{ items: { slug: string; title: string }[] }>(
      await shop.request('/api/news/'),
      200,
    );
    expect(page.items[0]).toMatchObject({ slug: 'winter-sale', title: '冬のセール開催' });

    const scheduled = await json<AdminNews>(
      await admin('PATCH', `news/${draft.id}/`, { publishedAt: at(60 * MINUTE) }),
      200,
    );
    expect(scheduled.state).toBe('scheduled');
    expect((await home()).news.map((n) => n.slug)).not.toContain('winter-sale');

    await json(await admin('PATCH', `news/${draft.id}/`, { publishedAt: at(-MINUTE) }), 200);
    await json(await admin('PATCH', `news/${draft.id}/`, { publishedAt: null }), 200);
    expect((await home()).news.map((n) => n.slug)).not.toContain('winter-sale');
    expect((await shop.request('/api/news/winter-sale/')).status).toBe(404);

    await json(await admin('PATCH', `news/${draft.id}/`, { publishedAt: at(-MINUTE) }), 200);
    expect((await admin('DELETE', `news/${draft.id}/`)).status).toBe(204);
    expect((await home()).news.map((n) => n.slug)).not.toContain('winter-sale');
    expect((await shop.request('/api/news/winter-sale/')).status).toBe(404);
    expect((await admin('DELETE', `news/${draft.id}/`)).status).toBe(404);
  });

  test('each write left one audit entry with the fields it changed, before and after', async () => {
    const entries = await auditEntries(t.db, 'news.');
    expect(entries.map((e) => e.action)).toEqual([
      'news.create',
      ...Array(6).fill('news.update'),
      'news.delete',
    ]);
    expect(entries.every((e) => e.actor === 'OPERATOR_TOKEN' && e.targetType === 'news')).toBe(
      true,
    );
    expect(entries[0]).toMatchObject({ before: null, after: { slug: 'winter-sale' } });
    expect(entries[2]).toMatchObject({
      before: { title: '冬のセールのお知らせ' },
      after: { title: '冬のセール開催' },
    });
    // Only the changed field: the title edit says nothing of the body or the date.
    expect(Object.keys(entries[2]?.after as object)).toEqual(['title']);
    expect(entries.at(-1)).toMatchObject({ before: { title: '冬のセール開催' }, after: null });
  });

  test('refuses bad input with its field and a Japanese message, changing nothing', async () => {
    const [existing] = await t.db.rows<{ id: number; slug: string }>(
      sql`select id, slug from news order by id limit 1`,
    );
    const before = await contentCounts();
    const cases: [string, string, unknown, number, string][] = [
      ['POST', 'news/', { ...body, slug: 'has space' }, 400, 'invalid_json'],
      ['POST', 'news/', { ...body, title: '' }, 400, 'invalid_json'],
      ['POST', 'news/', { ...body, publishedAt: '2026-12-01' }, 400, 'invalid_json'],
      ['POST', 'news/', { ...body, extra: 1 }, 400, 'invalid_json'],
      ['POST', 'news/', { ...body, title: '山田\u202E郎太' }, 400, 'invalid_json'],
      ['POST', 'news/', { ...body, slug: existing?.slug }, 409, 'slug_taken'],
      ['PATCH', `news/${existing?.id}/`, {}, 400, 'invalid_json'],
      ['PATCH', `news/${existing?.id}/`, { slug: 'n0002' }, 409, 'slug_taken'],
      ['PATCH', 'news/999999/', { title: 'x' }, 404, 'news_not_found'],
      ['PATCH', 'news/abc/', { title: 'x' }, 400, 'invalid_param'],
      ['POST', 'news/', '{not json', 400, 'bad_request'],
    ];
    for (const [method, path, request, status, code] of cases) {
      const res = await admin(method, path, request);
      const answer = (await res.json()) as { error: { code: string; message: string } };
      expect(
        [res.status, answer.error.code],
        `${method} ${path} ${JSON.stringify(request)}`,
      ).toEqual([status, code]);
      expect(answer.error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    expect(await contentCounts()).toEqual(before);
  });

  test('takes a body of the longest length in Japanese within the body limit, and refuses one longer', async () => {
    const longest = {
      ...body,
      slug: 'longest-news',
      body: 'お'.repeat(4000),
      title: '題'.repeat(100),
    };
    const created = await json<AdminNews>(await admin('POST', 'news/', longest), 201);
    expect((await admin('DELETE', `news/${created.id}/`)).status).toBe(204);
    const res = await admin('POST', 'news/', { ...longest, body: 'お'.repeat(4001) });
    expect(res.status).toBe(400);
    expect(
      ((await res.json()) as { error: { details: { path: string }[] } }).error.details,
    ).toEqual([expect.objectContaining({ path: 'body' })]);
  });

  test('lists every entry newest first, a page at a time by cursor', async () => {
    const first = await json<{ items: AdminNews[]; nextCursor: string | null }>(
      await admin('GET', 'news/?limit=20'),
      200,
    );
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await json<{ items: AdminNews[]; nextCursor: string | null }>(
      await admin('GET', `news/?limit=20&cursor=${first.nextCursor}`),
      200,
    );
    const ids = [...first.items, ...second.items].map((n) => n.id);
    const [{ n } = { n: 0 }] = await t.db.rows<{ n: number }>(
      sql`select count(*)::int as n from news`,
    );
    expect(ids).toHaveLength(n);
    expect(second.nextCursor).toBeNull();
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The seed's entry scheduled for tomorrow is listed, as scheduled.
    expect(first.items.some((item) => item.state === 'scheduled')).toBe(true);
    for (const bad of ['cursor=zzz', 'cursor=', 'limit=0', 'limit=201', 'limit=x']) {
      const res = await admin('GET', `news/?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
    }
  });
});

interface AdminShowcase {
  id: number;
  slug: string;
  bannerPosition: number | null;
  productIds: number[];
  state: string;
}

describe('showcases and the top page banners', () => {
  let productIds: number[];
  let productSlugs: string[];
  let created: AdminShowcase;
  const input = () => ({
    slug: 'staff-picks',
    title: 'スタッフのおすすめ',
    description: '今月のおすすめです。',
    image: '/covers/showcase-staff-picks.png',
    startsAt: at(-MINUTE),
    endsAt: at(7 * 24 * 60 * MINUTE),
    productIds,
  });

  beforeAll(async () => {
    productIds = [];
    productSlugs = [];
    for (let i = 0; i < 3; i += 1) {
      const product = await insertProduct(t.db);
      productIds.push(product.productId);
      productSlugs.push(product.slug);
    }
    // Three showcases running for a while already, newest first on the top page.
    for (let i = 1; i <= 3; i += 1) {
      await t.db.rows(
        sql`insert into showcases (slug, title, description, image, starts_at)
            values (${`sc${i}`}, ${`特集 ${i}`}, '説明', ${`/covers/showcase-${i}.png`}, ${at(-i * 24 * 60 * MINUTE)})`,
      );
    }
  });

  test('a new running showcase shows with its products in order', async () => {
    await home();
    created = await json<AdminShowcase>(await admin('POST', 'showcases/', input()), 201);
    expect(created).toMatchObject({ productIds, bannerPosition: null, state: 'running' });
    const detail = await json<{ products: { slug: string }[] }>(
      await shop.request('/api/showcases/staff-picks/'),
      200,
    );
    expect(detail.products.map((p) => p.slug)).toEqual(productSlugs);
    expect((await home()).showcases.map((s) => s.slug)).toContain('staff-picks');
  });

  test('the banner order leads the top page, and a reorder shows at once', async () => {
    // Unplaced, the newest leads: the new showcase, and the oldest running one comes last.
    const before = (await home()).showcases.map((s) => s.slug);
    expect(before).toEqual(['staff-picks', 'sc1', 'sc2', 'sc3']);
    const [oldest] = await t.db.rows<{ id: number }>(
      sql`select id from showcases where slug = 'sc3'`,
    );
    const placed = await json<{ items: { showcaseId: number; position: number }[] }>(
      await admin('PUT', 'banners/', { showcaseIds: [oldest?.id, created.id] }),
      200,
    );
    expect(placed.items.map((b) => [b.position, b.showcaseId])).toEqual([
      [1, oldest?.id],
      [2, created.id],
    ]);
    expect((await home()).showcases.map((s) => s.slug)).toEqual([
      'sc3',
      'staff-picks',
      'sc1',
      'sc2',
    ]);
    await json(await admin('PUT', 'banners/', { showcaseIds: [oldest?.id] }), 200);
    expect((await home()).showcases.map((s) => s.slug)).toEqual([
      'sc3',
      'staff-picks',
      'sc1',
      'sc2',
    ]);
    await json(await admin('PUT', 'banners/', { showcaseIds: [] }), 200);
    expect((await home()).showcases.map((s) => s.slug)).toEqual(before);
    await json(await admin('PUT', 'banners/', { showcaseIds: [created.id, oldest?.id] }), 200);
    const listed = await json<{ items: { showcaseId: number; state: string }[] }>(
      await admin('GET', 'banners/'),
      200,
    );
    expect(listed.items).toEqual([
      expect.objectContaining({ showcaseId: created.id, position: 1, state: 'running' }),
      expect.objectContaining({ showcaseId: oldest?.id, position: 2, state: 'running' }),
    ]);
    const audit = await auditEntries(t.db, 'banner.');
    expect(audit.map((e) => [e.before, e.after])).toEqual([
      [{ showcaseIds: [] }, { showcaseIds: [oldest?.id, created.id] }],
      [{ showcaseIds: [oldest?.id, created.id] }, { showcaseIds: [oldest?.id] }],
      [{ showcaseIds: [oldest?.id] }, { showcaseIds: [] }],
      [{ showcaseIds: [] }, { showcaseIds: [created.id, oldest?.id] }],
    ]);
  });

  test('editing the products, the window and unpublishing show at once', async () => {
    const reversed = [...productIds].reverse();
    const edited = await json<AdminShowcase>(
      await admin('PATCH', `showcases/${created.id}/`, { productIds: reversed }),
      200,
    );
    expect(edited.productIds).toEqual(reversed);
    const detail = await json<{ products: { slug: string }[] }>(
      await shop.request('/api/showcases/staff-picks/'),
      200,
    );
    expect(detail.products.map((p) => p.slug)).toEqual([...productSlugs].reverse());

    const ended = await json<AdminShowcase>(
      await admin('PATCH', `showcases/${created.id}/`, { endsAt: at(-1) }),
      200,
    );
    expect(ended.state).toBe('ended');
    expect((await home()).showcases.map((s) => s.slug)).not.toContain('staff-picks');

    const draft = await json<AdminShowcase>(
      await admin('PATCH', `showcases/${created.id}/`, { startsAt: null, endsAt: null }),
      200,
    );
    expect(draft.state).toBe('draft');
    expect((await shop.request('/api/showcases/staff-picks/')).status).toBe(404);
  });

  test('refuses bad showcases and banner orders, changing nothing', async () => {
    const before = await contentCounts();
    const cases: [string, string, unknown, number, string][] = [
      [
        'POST',
        'showcases/',
        { ...input(), slug: 'x2', productIds: [999999] },
        404,
        'product_not_found',
      ],
      [
        'POST',
        'showcases/',
        { ...input(), slug: 'x3', endsAt: at(-2 * MINUTE) },
        400,
        'invalid_json',
      ],
      [
        'POST',
        'showcases/',
        { ...input(), slug: 'x4', image: 'https://evil.example/x.png' },
        400,
        'invalid_json',
      ],
      ['POST', 'showcases/', { ...input(), slug: 'x5', productIds: [1, 1] }, 400, 'invalid_json'],
      ['POST', 'showcases/', { ...input() }, 409, 'slug_taken'],
      [
        'PATCH',
        `showcases/${created.id}/`,
        { startsAt: at(MINUTE), endsAt: at(0) },
        400,
        'invalid_json',
      ],
      ['PATCH', `showcases/${created.id}/`, { productIds: [999999] }, 404, 'product_not_found'],
      ['PATCH', 'showcases/999999/', { title: 'x' }, 404, 'showcase_not_found'],
      ['PUT', 'banners/', { showcaseIds: [created.id, 999999] }, 404, 'showcase_not_found'],
      ['PUT', 'banners/', { showcaseIds: [created.id, created.id] }, 400, 'invalid_json'],
      ['PUT', 'banners/', {}, 400, 'invalid_json'],
    ];
    for (const [method, path, request, status, code] of cases) {
      const res = await admin(method, path, request);
      const answer = (await res.json()) as { error: { code: string } };
      expect([res.status, answer.error.code], `${method} ${path}`).toEqual([status, code]);
    }
    expect(await contentCounts()).toEqual(before);
    // A window the stored start refuses: only the service knows the stored start.
    await json(await admin('PATCH', `showcases/${created.id}/`, { startsAt: at(-MINUTE) }), 200);
    const started = await contentCounts();
    const res = await admin('PATCH', `showcases/${created.id}/`, { endsAt: at(-2 * MINUTE) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_window');
    expect(await contentCounts()).toEqual(started);
  });

  test('deleting a showcase takes it off the banners and the top page', async () => {
    await json(await admin('PUT', 'banners/', { showcaseIds: [created.id] }), 200);
    expect((await home()).showcases[0]?.slug).toBe('staff-picks');
    expect((await admin('DELETE', `showcases/${created.id}/`)).status).toBe(204);
    expect((await home()).showcases.map((s) => s.slug)).not.toContain('staff-picks');
    const banners = await json<{ items: unknown[] }>(await admin('GET', 'banners/'), 200);
    expect(banners.items).toEqual([]);
    const [items] = await t.db.rows<{ n: number }>(
      sql`select count(*)::int as n from showcase_products where showcase_id = ${created.id}`,
    );
    expect(items?.n).toBe(0);
  });
});

describe('the signed-book gallery', () => {
  test('an entry is drafted, published, edited and unpublished, shown at once', async () => {
    const { productId, slug } = await insertProduct(t.db);
    const [author] = await t.db.rows<{ id: number }>(
      sql`insert into authors (slug, name, name_kana, kind) values ('sign-author', '署名 太郎', 'しょめい たろう', 'author') returning id`,
    );
    await home();
    const entry = await json<{ id: number; state: string }>(
      await admin('POST', 'gallery/', {
        slug: 'signed-1',
        title: 'サイン本入荷',
        body: '直筆サイン入りです。',
        image: '/covers/gallery-signed-1.png',
        authorId: author?.id,
        productId,
        publishedAt: null,
      }),
      201,
    );
    expect(entry.state).toBe('draft');
    expect((await shop.request('/api/gallery/signed-1/')).status).toBe(404);
    await json(await admin('PATCH', `gallery/${entry.id}/`, { publishedAt: at(-MINUTE) }), 200);
    expect((await home()).gallery[0]?.slug).toBe('signed-1');
    const detail = await json<{ product: { slug: string }; author: { slug: string } }>(
      await shop.request('/api/gallery/signed-1/'),
      200,
    );
    expect(detail).toMatchObject({ product: { slug }, author: { slug: 'sign-author' } });
    await json(await admin('PATCH', `gallery/${entry.id}/`, { title: 'サイン本再入荷' }), 200);
    expect((await home()).gallery[0]?.title).toBe('サイン本再入荷');
    await json(await admin('PATCH', `gallery/${entry.id}/`, { publishedAt: null }), 200);
    expect((await home()).gallery.map((g) => g.slug)).not.toContain('signed-1');

    const before = await contentCounts();
    for (const [request, code] of [
      [{ authorId: 999999 }, 'author_not_found'],
      [{ productId: 999999 }, 'product_not_found'],
    ] as const) {
      const res = await admin('PATCH', `gallery/${entry.id}/`, request);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
      expect(res.status).toBe(404);
    }
    expect(await contentCounts()).toEqual(before);
    expect((await admin('DELETE', `gallery/${entry.id}/`)).status).toBe(204);
    expect((await auditEntries(t.db, 'gallery.')).map((e) => e.action)).toEqual([
      'gallery.create',
      'gallery.update',
      'gallery.update',
      'gallery.update',
      'gallery.delete',
    ]);
  });
});

interface Contact {
  id: number;
  name: string;
  email: string;
  status: string;
  note: string;
  updatedAt: string | null;
}

describe('the contact inbox', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const name of ['佐藤 一郎', '鈴木 花子', '高橋 次郎']) {
      const [row] = await t.db.rows<{ id: number }>(
        sql`insert into contact_messages (name, email, category, body)
            values (${name}, 'sender@example.jp', 'ご注文について', '注文の確認をお願いします。') returning id`,
      );
      ids.push(row?.id ?? 0);
    }
  });

  test('lists new messages newest first; status and note move them, with one audit entry each', async () => {
    const fresh = await json<{ items: Contact[] }>(await admin('GET', 'contacts/?status=new'), 200);
    expect(fresh.items.map((c) => c.id)).toEqual([...ids].reverse());
    expect(fresh.items[0]).toMatchObject({ status: 'new', note: '', updatedAt: null });

    const taken = await json<Contact>(
      await admin('PATCH', `contacts/${ids[0]}/`, { status: 'in_progress', note: '在庫を確認中' }),
      200,
    );
    expect(taken).toMatchObject({ status: 'in_progress', note: '在庫を確認中' });
    expect(taken.updatedAt).toBe(t.deps.now().toISOString());
    await json(await admin('PATCH', `contacts/${ids[1]}/`, { status: 'done' }), 200);

    const open = await json<{ items: Contact[] }>(await admin('GET', 'contacts/?status=new'), 200);
    expect(open.items.map((c) => c.id)).toEqual([ids[2]]);
    const working = await json<{ items: Contact[] }>(
      await admin('GET', 'contacts/?status=in_progress'),
      200,
    );
    expect(working.items.map((c) => c.id)).toEqual([ids[0]]);
    const paged = await json<{ items: Contact[]; nextCursor: string }>(
      await admin('GET', 'contacts/?limit=2'),
      200,
    );
    expect(paged.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const rest = await json<{ items: Contact[]; nextCursor: null }>(
      await admin('GET', `contacts/?limit=2&cursor=${paged.nextCursor}`),
      200,
    );
    expect(rest).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    const audit = await auditEntries(t.db, 'contact.');
    expect(audit).toEqual([
      expect.objectContaining({
        targetId: String(ids[0]),
        before: { status: 'new', note: '' },
        after: { status: 'in_progress', note: '在庫を確認中' },
      }),
      expect.objectContaining({
        targetId: String(ids[1]),
        before: { status: 'new' },
        after: { status: 'done' },
      }),
    ]);
    // The sender's personal data stays out of the audit log.
    expect(JSON.stringify(audit)).not.toContain('sender@example.jp');
  });

  test('refuses a bad status, an empty change or an unknown message, changing nothing', async () => {
    const before = await contentCounts();
    const cases: [string, string, unknown, number, string][] = [
      ['PATCH', `contacts/${ids[2]}/`, { status: 'closed' }, 400, 'invalid_json'],
      ['PATCH', `contacts/${ids[2]}/`, {}, 400, 'invalid_json'],
      ['PATCH', `contacts/${ids[2]}/`, { note: 'x'.repeat(2001) }, 400, 'invalid_json'],
      ['PATCH', 'contacts/999999/', { status: 'done' }, 404, 'contact_not_found'],
      ['GET', 'contacts/?status=closed', undefined, 400, 'invalid_query'],
    ];
    for (const [method, path, request, status, code] of cases) {
      const res = await admin(method, path, request);
      const answer = (await res.json()) as { error: { code: string } };
      expect([res.status, answer.error.code], `${method} ${path}`).toEqual([status, code]);
    }
    expect(await contentCounts()).toEqual(before);
  });
});
