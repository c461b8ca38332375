import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { TestClient } from '../../test/support/accounts-app';
import { mailTestApp, SHOP_ORIGIN } from '../../test/support/mail-app';
import { insertMember, insertProduct, operatorPost } from '../../test/support/orders-app';
import { RESTOCK_REQUESTS_PER_MEMBER } from '../services/restock';
import { optOut } from './unsubscribe';

// 再入荷のお知らせ: members ask about a sold-out variation (limited per member), the operator's
// stock change from none to some mails each of them once in its own transaction and spends the
// requests; concurrent stock changes on PostgreSQL still mail each requester exactly once.

const REQUESTS = '/api/restock-requests/';

const t = mailTestApp({ poolSize: 8 });

function setStock(variationId: number, stock: unknown) {
  return operatorPost(t, `/api/operator/variations/${variationId}/stock/`, { stock });
}

function restockMails(variationId: number) {
  return t.db.rows<{ memberId: number; state: string; dedupeKey: string }>(
    sql`select member_id as "memberId", state, dedupe_key as "dedupeKey" from notification_outbox
        where kind = 'restock' and payload->>'variationId' = ${String(variationId)}
        order by member_id`,
  );
}

function requestsOf(variationId: number) {
  return t.db.rows<{ memberId: number }>(
    sql`select member_id as "memberId" from restock_requests where variation_id = ${variationId} order by member_id`,
  );
}

async function codeOf(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe('再入荷のお知らせ requests', () => {
  test('a member asks about a sold-out variation once, lists and withdraws it', async () => {
    const member = await insertMember(t);
    const soldOut = await insertProduct(t.db, { title: '推しの子 16巻', stock: 0 });
    const first = await member.client.post(REQUESTS, { variationId: soldOut.variationId });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ variationId: soldOut.variationId, requested: true });
    expect((await member.client.post(REQUESTS, { variationId: soldOut.variationId })).status).toBe(
      200,
    );
    const list = await member.client.request('GET', REQUESTS);
    expect(await list.json()).toMatchObject({
      limit: RESTOCK_REQUESTS_PER_MEMBER,
      requests: [{ variationId: soldOut.variationId, title: '推しの子 16巻' }],
    });
    const withdrawn = await member.client.request('DELETE', `${REQUESTS}${soldOut.variationId}/`);
    expect(withdrawn.status).toBe(204);
    expect(await requestsOf(soldOut.variationId)).toEqual([]);
    // Withdrawing what is not there answers the same.
    expect(
      (await member.client.request('DELETE', `${REQUESTS}${soldOut.variationId}/`)).status,
    ).toBe(204);
  });

  test('refuses a variation in stock, an unknown one, bad bodies and guests, changing nothing', async () => {
    const member = await insertMember(t);
    const inStock = await insertProduct(t.db, { stock: 3 });
    const res = await member.client.post(REQUESTS, { variationId: inStock.variationId });
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe('restock_in_stock');
    const unknown = await member.client.post(REQUESTS, { variationId: 999_999_999 });
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toBe('variation_not_found');
    for (const body of [{}, { variationId: 'x' }, { variationId: -1 }, { variationId: 1.5 }, []]) {
      const bad = await member.client.post(REQUESTS, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const guest = new TestClient(t.app, '198.51.100.9');
    await guest.session();
    const refused = await guest.post(REQUESTS, { variationId: inStock.variationId });
    expect(refused.status).toBe(401);
    const rows = await t.db.rows(
      sql`select 1 from restock_requests where member_id = ${member.memberId}`,
    );
    expect(rows).toEqual([]);
  });

  test(`a member waits for at most ${RESTOCK_REQUESTS_PER_MEMBER} variations at once`, async () => {
    const member = await insertMember(t);
    const held: number[] = [];
    for (let i = 0; i < RESTOCK_REQUESTS_PER_MEMBER; i++) {
      held.push((await insertProduct(t.db, { stock: 0 })).variationId);
    }
    const extra = await insertProduct(t.db, { stock: 0 });
    await t.db.rows(
      sql`insert into restock_requests (member_id, variation_id)
          select ${member.memberId}, id from variations where id in (${sql.join(
            held.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const res = await member.client.post(REQUESTS, { variationId: extra.variationId });
    expect(res.status).toBe(409);
    expect(await codeOf(res)).toBe('restock_request_limit');
    await member.client.request('DELETE', `${REQUESTS}${held[0]}/`);
    expect((await member.client.post(REQUESTS, { variationId: extra.variationId })).status).toBe(
      201,
    );
  });
});

describe("the operator's stock change", () => {
  test('from none to some mails every requester once and spends the requests; more stock mails nobody', async () => {
    const product = await insertProduct(t.db, {
      title: '葬送のフリーレン 15巻',
      stock: 0,
      price: 594,
    });
    const alice = await insertMember(t);
    const bob = await insertMember(t);
    const quiet = await insertMember(t);
    for (const m of [alice, bob, quiet]) {
      expect((await m.client.post(REQUESTS, { variationId: product.variationId })).status).toBe(
        201,
      );
    }
    // This member turned the kind off: queued with the others, never sent.
    await optOut(t.db, quiet.memberId, 'restock');

    const res = await setStock(product.variationId, 5);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      variationId: product.variationId,
      productId: product.productId,
      previousStock: 0,
      stock: 5,
      restockNotices: 3,
    });
    expect(await requestsOf(product.variationId)).toEqual([]);
    const [stock] = await t.db.rows<{ n: number; inStock: boolean }>(
      sql`select stock_quantity as n, in_stock as "inStock" from variations where id = ${product.variationId}`,
    );
    expect(stock).toEqual({ n: 5, inStock: true });

    // More stock, or the same again, tells nobody.
    expect(
      ((await (await setStock(product.variationId, 8)).json()) as { restockNotices: number })
        .restockNotices,
    ).toBe(0);

    await t.deliverAll();
    const mails = await restockMails(product.variationId);
    expect(mails.map((m) => [m.memberId, m.state])).toEqual(
      [
        [alice.memberId, 'sent'],
        [bob.memberId, 'sent'],
        [quiet.memberId, 'skipped'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const arrived = t.smtp.received.filter(
      (r) => r.parsed.subject === '【本の店】再入荷のお知らせ（葬送のフリーレン 15巻）',
    );
    expect(arrived).toHaveLength(2);
    const [mail] = arrived;
    expect(mail?.parsed.text).toContain(`${SHOP_ORIGIN}/product/${product.slug}`);
    expect(mail?.parsed.text).toContain('594円(税込)');
    // Non-essential: one-click unsubscribe (RFC 8058).
    const header = (name: string) => mail?.parsed.headerLines.find((h) => h.key === name)?.line;
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(header('list-unsubscribe')).toContain('/api/notifications/unsubscribe/?token=');

    // Sold out and restocked again: only those who asked again hear of it.
    await setStock(product.variationId, 0);
    await bob.client.post(REQUESTS, { variationId: product.variationId });
    const again = (await (await setStock(product.variationId, 1)).json()) as {
      restockNotices: number;
    };
    expect(again.restockNotices).toBe(1);
    expect((await restockMails(product.variationId)).map((m) => m.memberId)).toEqual(
      [alice.memberId, bob.memberId, bob.memberId, quiet.memberId].sort((a, b) => a - b),
    );
  });

  test('bad input is refused with 4xx and changes nothing', async () => {
    const product = await insertProduct(t.db, { stock: 0 });
    const member = await insertMember(t);
    await member.client.post(REQUESTS, { variationId: product.variationId });
    for (const stock of [-1, 1.5, 'ten', null, 1_000_001]) {
      const res = await setStock(product.variationId, stock);
      expect(res.status, String(stock)).toBe(400);
    }
    const unknown = await setStock(999_999_999, 3);
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toBe('variation_not_found');
    const noToken = await operatorPost(
      t,
      `/api/operator/variations/${product.variationId}/stock/`,
      { stock: 3 },
      null,
    );
    expect(noToken.status).toBe(401);
    expect(await requestsOf(product.variationId)).toEqual([{ memberId: member.memberId }]);
    expect(await restockMails(product.variationId)).toEqual([]);
  });

  test('concurrent stock changes from none mail each requester exactly once', async () => {
    const product = await insertProduct(t.db, { stock: 0 });
    const members = await Promise.all([insertMember(t), insertMember(t), insertMember(t)]);
    for (const m of members) await m.client.post(REQUESTS, { variationId: product.variationId });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) => {
        const res = await setStock(product.variationId, n);
        expect(res.status).toBe(200);
        return (await res.json()) as { previousStock: number; restockNotices: number };
      }),
    );
    expect(answers.filter((a) => a.previousStock === 0)).toHaveLength(1);
    expect(answers.reduce((sum, a) => sum + a.restockNotices, 0)).toBe(3);
    expect((await restockMails(product.variationId)).map((m) => m.memberId)).toEqual(
      members.map((m) => m.memberId).sort((a, b) => a - b),
    );
  });
});
