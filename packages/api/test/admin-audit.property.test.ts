import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminRequest } from './support/admin';
import { createOrdersTestApp, insertMember, type OrdersTestApp } from './support/orders-app';

// The audit log has exactly one entry per staff write of the content and members areas: random
// sequences of writes, good and bad (unknown ids, taken slugs, overdrafts, invalid bodies), each
// followed by a count of the audit log. A 2xx write adds one entry; a refusal adds none and a
// read adds none.

let t: OrdersTestApp;
let memberId: number;
let contactId: number;
beforeAll(async () => {
  t = await createOrdersTestApp();
  memberId = (await insertMember(t, { points: 50 })).memberId;
  const [contact] = await t.db.rows<{ id: number }>(
    sql`insert into contact_messages (name, email, category, body)
        values ('送信 者', 'sender@example.jp', 'その他', '本文') returning id`,
  );
  contactId = contact?.id ?? 0;
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Step = { method: string; path: string; body?: unknown };

/** A request to the content or members area: writes that may succeed or be refused, and reads. */
const stepArb = (ids: () => { news: number[]; showcases: number[] }): fc.Arbitrary<() => Step> =>
  fc.oneof(
    fc
      .record({
        slug: fc.constantFrom('a', 'b', 'c', 'bad slug'),
        title: fc.constantFrom('題', ''),
      })
      .map(({ slug, title }) => () => ({
        method: 'POST',
        path: 'news/',
        body: { slug, title, category: 'お知らせ', body: '本文', publishedAt: null },
      })),
    fc
      .record({ pick: fc.nat(), title: fc.constantFrom('新しい題', '') })
      .map(({ pick, title }) => () => {
        const news = ids().news;
        const id = news.length === 0 ? 999_999 : (news[pick % news.length] ?? 999_999);
        return { method: 'PATCH', path: `news/${id}/`, body: { title } };
      }),
    fc.nat().map((pick) => () => {
      const news = ids().news;
      return {
        method: 'DELETE',
        path: `news/${news[pick % Math.max(1, news.length)] ?? 999_999}/`,
      };
    }),
    fc.constantFrom('s1', 's2').map((slug) => () => ({
      method: 'POST',
      path: 'showcases/',
      body: {
        slug,
        title: '特集',
        description: '説明',
        image: '/covers/showcase-1.png',
        startsAt: null,
        endsAt: null,
        productIds: [],
      },
    })),
    fc.boolean().map((known) => () => ({
      method: 'PUT',
      path: 'banners/',
      body: { showcaseIds: known ? ids().showcases.slice(0, 2) : [999_999] },
    })),
    fc.constantFrom('new', 'in_progress', 'done', 'closed').map((status) => () => ({
      method: 'PATCH',
      path: `contacts/${contactId}/`,
      body: { status },
    })),
    fc.integer({ min: -80, max: 80 }).map((amount) => () => ({
      method: 'POST',
      path: `members/${memberId}/points/`,
      body: { amount, reason: '調整' },
    })),
    fc.constant(() => ({ method: 'POST', path: `members/${memberId}/unlock/` })),
    fc.constantFrom('news/', 'banners/', `members/${memberId}/`).map((path) => () => ({
      method: 'GET',
      path,
    })),
  );

async function auditCount(): Promise<number> {
  const [row] = await t.db.rows<{ n: number }>(sql`select count(*)::int as n from audit_log`);
  return row?.n ?? 0;
}

async function currentIds() {
  const news = await t.db.rows<{ id: number }>(sql`select id from news order by id`);
  const showcases = await t.db.rows<{ id: number }>(sql`select id from showcases order by id`);
  return { news: news.map((r) => r.id), showcases: showcases.map((r) => r.id) };
}

describe('properties', () => {
  test('has exactly one audit entry per successful staff write, none per refusal or read', async () => {
    let known = await currentIds();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          stepArb(() => known),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          for (const make of steps) {
            const step = make();
            const before = await auditCount();
            const res = await adminRequest(t.app, step.method, step.path, step.body);
            await res.arrayBuffer();
            expect(res.status, `${step.method} ${step.path}`).toBeLessThan(500);
            const wrote = step.method !== 'GET' && res.status >= 200 && res.status < 300;
            expect(await auditCount(), `${step.method} ${step.path} ${res.status}`).toBe(
              before + (wrote ? 1 : 0),
            );
            known = await currentIds();
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
