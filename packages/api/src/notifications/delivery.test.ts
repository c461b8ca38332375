import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { mailTestApp, SHOP_ORIGIN } from '../../test/support/mail-app';
import {
  confirm,
  insertMember,
  insertProduct,
  OPERATOR_TOKEN,
} from '../../test/support/orders-app';
import { envelope, messageIdOf } from './compose';
import { enqueueNotifications } from './outbox';
import { backoffMs, deliverDue } from './worker';

// Mail against a real SMTP server in this process: what arrives (headers, RFC 2047 subject, both
// parts in UTF-8, absolute links), the outbox written with the checkout's orders, retries with
// backoff, dead letters and the operator's retry, and the one-click unsubscribe.

const CHECKOUT = '/api/reserveshop/checkout/';

const t = mailTestApp({ env: { MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_MS: '1000' } });
const START = new Date('2026-11-20T03:00:00.000Z');

beforeEach(() => {
  t.setNow(START);
});

interface OutboxRow {
  id: number;
  kind: string;
  state: string;
  attempts: number;
  lastError: string | null;
  messageId: string | null;
  nextAttemptAt: string;
  payload: { checkoutId?: number; orderIds?: number[] };
}

function outbox(where = sql`true`): Promise<OutboxRow[]> {
  return t.db.rows<OutboxRow>(
    sql`select id::int as id, kind, state, attempts, last_error as "lastError", message_id as "messageId",
          to_char(next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "nextAttemptAt", payload
        from notification_outbox where ${where} order by id`,
  );
}

async function checkout(options: { items?: number } = {}) {
  const member = await insertMember(t);
  const inStock = await insertProduct(t.db, { title: '葬送のフリーレン 14巻', price: 594 });
  const reserved = await insertProduct(t.db, {
    title: '呪術廻戦 30巻 <特装版>',
    sellStartDate: '2026-12-21',
    releaseDatePrecision: 'month_part',
    canReserve: true,
    price: 1100,
  });
  for (const p of [inStock, reserved].slice(0, options.items ?? 2)) {
    await member.client.post('/api/cart/', { variationId: p.variationId, quantity: 1 });
  }
  const key = crypto.randomUUID();
  const body = {
    shippingMethod: 'home_delivery',
    paymentMethod: 'bank_transfer',
    addressId: member.addressId,
  };
  const res = await confirm(member.client, CHECKOUT, body, key);
  return { member, res, body, key };
}

describe('the order confirmation', () => {
  test('a checkout queues exactly one confirmation for its orders, in its transaction', async () => {
    const { res, member, body, key: idempotencyKey } = await checkout();
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { checkoutId: number; orders: { id: number }[] };
    expect(answer.orders).toHaveLength(2);
    // A retry of the same checkout replays it and queues nothing more.
    const again = await confirm(member.client, CHECKOUT, body, idempotencyKey);
    expect(again.status).toBe(201);
    const rows = await outbox(sql`payload->>'checkoutId' = ${String(answer.checkoutId)}`);
    expect(rows.map((r) => [r.kind, r.state, r.payload])).toEqual([
      [
        'order_confirmation',
        'queued',
        { checkoutId: answer.checkoutId, orderIds: answer.orders.map((o) => o.id) },
      ],
    ]);
  });

  test('a checkout that fails queues no mail', async () => {
    const member = await insertMember(t);
    const scarce = await insertProduct(t.db, { stock: 1 });
    await member.client.post('/api/cart/', { variationId: scarce.variationId, quantity: 1 });
    // Another shopper takes the last unit between this one's quote and confirm.
    await t.db.rows(sql`update variations set stock_quantity = 0 where id = ${scarce.variationId}`);
    const before = (await outbox()).length;
    const res = await confirm(member.client, CHECKOUT, {
      shippingMethod: 'home_delivery',
      paymentMethod: 'bank_transfer',
      addressId: member.addressId,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await outbox()).toHaveLength(before);
  });

  test('arrives with Japanese headers, both parts in UTF-8, and working links', async () => {
    const { res, member } = await checkout();
    const answer = (await res.json()) as { checkoutId: number; orders: { id: number }[] };
    const [row] = await outbox(sql`payload->>'checkoutId' = ${String(answer.checkoutId)}`);
    await t.deliverAll();
    const mail = t.smtp.received.find(
      (r) => r.messageId === messageIdOf(t.deps.config, row?.id ?? 0),
    );
    expect(mail, 'the confirmation arrived').toBeDefined();
    if (mail === undefined) return;
    const [email] = await t.db.rows<{ email: string }>(
      sql`select email from members where id = ${member.memberId}`,
    );
    const { parsed, raw } = mail;
    const orderIds = answer.orders.map((o) => o.id);
    // The subject travels as RFC 2047 encoded words and decodes to the Japanese subject.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(parsed.subject).toBe(
      `【本の店】ご注文ありがとうございます（ご注文番号 ${orderIds.join('・')}）`,
    );
    expect(parsed.from?.value).toEqual([{ name: '本の店', address: 'shop@localhost' }]);
    expect(parsed.to && 'value' in parsed.to ? parsed.to.value[0]?.address : '').toBe(email?.email);
    expect(parsed.messageId).toBe(`<notification-${row?.id}@localhost>`);
    expect(parsed.date?.toISOString()).toBe(START.toISOString());
    // Essential: no unsubscribe.
    expect(parsed.headers.has('list-unsubscribe')).toBe(false);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    for (const part of [parsed.text ?? '', parsed.html || '']) {
      expect(part).toContain('山田 太郎 様');
      expect(part).toContain('葬送のフリーレン 14巻');
      // The release at its precision (a month part), and fees and totals in yen.
      expect(part).toContain('2026年12月下旬発売予定');
      expect(part).toContain('銀行振込（バーチャル口座）');
      for (const id of orderIds) expect(part).toContain(`ご注文番号 ${id}`);
      expect(part).toContain(`${SHOP_ORIGIN}/mypage/order-history`);
    }
    // Catalog text is escaped in HTML, not markup.
    expect(parsed.html).toContain('呪術廻戦 30巻 &lt;特装版&gt;');
    expect(parsed.text).toContain('呪術廻戦 30巻 <特装版>');
    expect(parsed.html).toContain(`<a href="${SHOP_ORIGIN}/mypage/order-history">`);
    const [sent] = await outbox(sql`id = ${row?.id ?? 0}`);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, messageId: parsed.messageId });
  });

  test('links point at http://localhost:PORT when PUBLIC_ORIGIN is unset', async () => {
    t.deps.config.publicOrigin = undefined;
    try {
      const { res } = await checkout({ items: 1 });
      const { checkoutId } = (await res.json()) as { checkoutId: number };
      const [row] = await outbox(sql`payload->>'checkoutId' = ${String(checkoutId)}`);
      await t.deliverAll();
      const mail = t.smtp.received.find(
        (r) => r.messageId === messageIdOf(t.deps.config, row?.id ?? 0),
      );
      expect(mail?.parsed.text).toContain(
        `http://localhost:${t.deps.config.port}/mypage/order-history`,
      );
    } finally {
      t.deps.config.publicOrigin = SHOP_ORIGIN;
    }
  });
});

describe('retries and dead letters', () => {
  async function queueOne(): Promise<number> {
    const { res } = await checkout({ items: 1 });
    const { checkoutId } = (await res.json()) as { checkoutId: number };
    await t.deliverAll();
    // Delivered: requeue a fresh copy of the same mail under another key to test failures.
    const [row] = await outbox(sql`payload->>'checkoutId' = ${String(checkoutId)}`);
    const payload = row?.payload as { checkoutId: number; orderIds: number[] };
    const [member] = await t.db.rows<{ id: number }>(
      sql`select member_id as id from order_details where order_id = ${payload.orderIds[0] ?? 0}`,
    );
    await enqueueNotifications(
      t.db.orm,
      [
        {
          kind: 'order_confirmation',
          to: { memberId: member?.id ?? 0 },
          payload,
          dedupeKey: `test:${crypto.randomUUID()}`,
        },
      ],
      t.deps.now(),
    );
    const [queued] = await outbox(sql`state = 'queued'`);
    if (queued === undefined) throw new Error('nothing queued');
    return queued.id;
  }

  test('backs off exponentially after a temporary refusal, then delivers', async () => {
    const id = await queueOne();
    const arrived = t.smtp.received.length;
    t.smtp.refuse(2, 451);
    await deliverDue(t.deps, t.mailer, t.key);
    let [row] = await outbox(sql`id = ${id}`);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'EMESSAGE 451' });
    expect(row?.nextAttemptAt).toBe(new Date(START.getTime() + 1000).toISOString());
    // Not due yet: nothing is claimed.
    expect(await deliverDue(t.deps, t.mailer, t.key)).toBe(0);
    t.setNow(new Date(START.getTime() + 1000));
    await deliverDue(t.deps, t.mailer, t.key);
    [row] = await outbox(sql`id = ${id}`);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row?.nextAttemptAt).toBe(new Date(START.getTime() + 1000 + 2000).toISOString());
    t.setNow(new Date(START.getTime() + 3000));
    await deliverDue(t.deps, t.mailer, t.key);
    [row] = await outbox(sql`id = ${id}`);
    expect(row).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    expect(t.smtp.received.length).toBe(arrived + 1);
  });

  test('is dead after MAIL_MAX_ATTEMPTS failures; the operator sees it and queues it again', async () => {
    const id = await queueOne();
    t.smtp.refuse(3, 451);
    for (let attempt = 1; attempt <= 3; attempt++) {
      t.setNow(new Date(START.getTime() + attempt * 60_000));
      await deliverDue(t.deps, t.mailer, t.key);
    }
    const [row] = await outbox(sql`id = ${id}`);
    expect(row).toMatchObject({ state: 'dead', attempts: 3, lastError: 'EMESSAGE 451' });
    const auth = { authorization: `Bearer ${OPERATOR_TOKEN}` };
    const summary = await t.app.request('/api/operator/notifications/', { headers: auth });
    expect(summary.status).toBe(200);
    const body = (await summary.json()) as {
      counts: Record<string, number>;
      dead: { id: number; lastError: string }[];
    };
    expect(body.counts.dead).toBeGreaterThanOrEqual(1);
    expect(body.dead.find((d) => d.id === id)).toMatchObject({ lastError: 'EMESSAGE 451' });
    // What the operator sees names no recipient.
    expect(JSON.stringify(body)).not.toMatch(/@example\.jp/);
    const retried = await t.app.request(`/api/operator/notifications/${id}/retry/`, {
      method: 'POST',
      headers: auth,
    });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ id, state: 'queued', attempts: 0 });
    const twice = await t.app.request(`/api/operator/notifications/${id}/retry/`, {
      method: 'POST',
      headers: auth,
    });
    expect(twice.status).toBe(409);
    await deliverDue(t.deps, t.mailer, t.key);
    expect((await outbox(sql`id = ${id}`))[0]?.state).toBe('sent');
    const missing = await t.app.request('/api/operator/notifications/999999/retry/', {
      method: 'POST',
      headers: auth,
    });
    expect(missing.status).toBe(404);
  });

  test('a recipient the relay refuses for good (550) is dead at once, its address not kept', async () => {
    const id = await queueOne();
    t.smtp.refuseRecipients(true);
    try {
      await deliverDue(t.deps, t.mailer, t.key);
    } finally {
      t.smtp.refuseRecipients(false);
    }
    const [row] = await outbox(sql`id = ${id}`);
    expect(row).toMatchObject({ state: 'dead', attempts: 1, lastError: 'EENVELOPE 550' });
  });

  test('the backoff doubles from MAIL_RETRY_BASE_MS up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(60_000, n))).toEqual([
      60_000, 120_000, 240_000, 480_000,
    ]);
    expect(backoffMs(60_000, 30)).toBe(60 * 60 * 1000);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  test('a kind the member may turn off carries List-Unsubscribe; its POST turns the kind off', async () => {
    const member = await insertMember(t);
    const [row] = await t.db.rows<{ email: string }>(
      sql`select email from members where id = ${member.memberId}`,
    );
    const to = row?.email ?? '';
    // Composed and sent as the worker does, for a kind whose composer the lifecycle work adds.
    const { unsubscribeToken } = await import('./unsubscribe');
    const url = `${SHOP_ORIGIN}/api/notifications/unsubscribe/?token=${unsubscribeToken(t.key, member.memberId, 'restock')}`;
    const mail = envelope(
      t.deps.config,
      { outboxId: 900_001, kind: 'restock', to, date: START, unsubscribeUrl: url },
      { subject: '再入荷のお知らせ', blocks: [{ type: 'paragraph', text: '入荷しました。' }] },
    );
    await t.mailer.send(mail, { outboxId: 900_001, kind: 'restock' });
    const arrived = t.smtp.received.find((r) => r.messageId === mail.messageId);
    // Both headers as RFC 8058 writes them (read unfolded from the header lines that arrived).
    const header = (name: string) =>
      arrived?.parsed.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/\r?\n\s+/g, ' ')
        .replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe')).toBe(`<${url}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(arrived?.parsed.text).toContain('配信停止');

    // The mail client's POST: no cookie, no CSRF token, the RFC's form body.
    const path = new URL(url).pathname + new URL(url).search;
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      kind: 'restock',
      label: '再入荷のお知らせ',
      unsubscribed: true,
    });
    const again = await t.app.request(path, { method: 'POST' });
    expect(again.status).toBe(200);
    const optOuts = await t.db.rows<{ kind: string }>(
      sql`select kind from notification_opt_outs where member_id = ${member.memberId}`,
    );
    expect(optOuts).toEqual([{ kind: 'restock' }]);

    // A restock mail queued for this member is now skipped, never sent.
    await enqueueNotifications(
      t.db.orm,
      [
        {
          kind: 'restock',
          to: { memberId: member.memberId },
          payload: { variationId: 1, productId: 1 },
          dedupeKey: `restock:${member.memberId}`,
        },
      ],
      t.deps.now(),
    );
    const arrivedBefore = t.smtp.received.length;
    await t.deliverAll();
    const [skipped] = await outbox(sql`dedupe_key = ${`restock:${member.memberId}`}`);
    expect(skipped?.state).toBe('skipped');
    expect(t.smtp.received.length).toBe(arrivedBefore);
  });

  test('a forged, altered or essential-kind token is refused and changes nothing', async () => {
    const member = await insertMember(t);
    const { unsubscribeToken } = await import('./unsubscribe');
    const good = unsubscribeToken(t.key, member.memberId, 'favorite_new_releases');
    const otherMember = good.replace(/^\d+/, String(member.memberId + 1));
    const otherKind = good.replace('favorite_new_releases', 'points_expiring');
    const essential = unsubscribeToken(t.key, member.memberId, 'order_confirmation');
    for (const token of [otherMember, otherKind, essential, 'x', `${good}.extra`]) {
      const res = await t.app.request(
        `/api/notifications/unsubscribe/?token=${encodeURIComponent(token)}`,
        { method: 'POST' },
      );
      expect(res.status, token).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'unsubscribe_link_invalid',
      );
    }
    const missing = await t.app.request('/api/notifications/unsubscribe/', { method: 'POST' });
    expect(missing.status).toBe(400);
    const rows = await t.db.rows(
      sql`select 1 from notification_opt_outs where member_id = ${member.memberId}`,
    );
    expect(rows).toEqual([]);
  });
});
