import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { mailTestApp, SHOP_ORIGIN } from '../../test/support/mail-app';
import {
  confirm,
  insertMember,
  insertProduct,
  type MemberFixture,
  placeOrder,
} from '../../test/support/orders-app';
import { messageIdOf } from '../notifications/compose';
import { registerJobs, runDueJobs } from '../notifications/jobs';
import { cancelOrder } from './orders';
import { expirePoints, pointExpiryJob, queuePointExpiryNotices } from './point-expiry';
import { pointBalance } from './points';

// Points expire as the terms say (docs/account-mail.md): the whole balance, one year after the
// member last earned or used points, as one `expiry` ledger entry written once; ポイント失効の
// お知らせ goes out 30 days before. Runs on PGlite and, for the races, on PostgreSQL.

/** A grant on 2025-12-01 (JST) expires after 2026-12-01: at 2026-12-01T15:00Z (00:00 JST the 2nd). */
const GRANTED = '2025-12-01T03:00:00Z';
const LAST_DAY_END = new Date('2026-12-01T14:59:59.999Z');
const EXPIRED = new Date('2026-12-01T15:00:00Z');
/** The notice goes out from 2026-11-01 00:00 JST. */
const NOTICE_FROM = new Date('2026-10-31T15:00:00Z');

const t = mailTestApp({ poolSize: 6 });

/** A member whose only points are `amount` granted at `at`. */
async function memberWithPoints(amount: number, at = GRANTED): Promise<MemberFixture> {
  const m = await insertMember(t);
  await grant(m.memberId, amount, at);
  return m;
}

async function grant(memberId: number, amount: number, at: string): Promise<void> {
  await t.db.rows(
    sql`insert into point_ledger (member_id, kind, amount, created_at) values (${memberId}, 'grant', ${amount}, ${at})`,
  );
}

async function expiries(memberId: number): Promise<number[]> {
  const rows = await t.db.rows<{ amount: number }>(
    sql`select amount from point_ledger where member_id = ${memberId} and kind = 'expiry' order by id`,
  );
  return rows.map((r) => r.amount);
}

async function noticesOf(memberId: number) {
  return t.db.rows<{ id: number; payload: { date: string; amount: number }; state: string }>(
    sql`select id::int as id, payload, state from notification_outbox
        where kind = 'points_expiring' and member_id = ${memberId} order by id`,
  );
}

describe('expiry', () => {
  test('the whole balance expires at 00:00 JST after its date, as one ledger entry, once', async () => {
    const m = await memberWithPoints(800);
    const mine = (rows: { memberId: number }[]) => rows.filter((r) => r.memberId === m.memberId);
    expect(mine(await expirePoints(t.deps, LAST_DAY_END))).toEqual([]);
    expect(await pointBalance(t.db.orm, m.memberId)).toBe(800);
    expect(mine(await expirePoints(t.deps, EXPIRED))).toEqual([
      { memberId: m.memberId, amount: 800, date: '2026-12-01' },
    ]);
    // Another run, another instance, a later tick: nothing more.
    expect(mine(await expirePoints(t.deps, EXPIRED))).toEqual([]);
    expect(mine(await expirePoints(t.deps, new Date('2027-06-01T00:00:00Z')))).toEqual([]);
    expect(await expiries(m.memberId)).toEqual([-800]);
    expect(await pointBalance(t.db.orm, m.memberId)).toBe(0);
  });

  test('GET /api/points/ tells the next expiry, then lists the expiry entry', async () => {
    const m = await memberWithPoints(800);
    const before = await m.client.get('/api/points/');
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({
      balance: 800,
      nextExpiry: { date: '2026-12-01', amount: 800 },
    });
    await expirePoints(t.deps, EXPIRED);
    const after = (await (await m.client.get('/api/points/')).json()) as {
      balance: number;
      nextExpiry: unknown;
      entries: { kind: string; amount: number; orderId: number | null; createdAt: string }[];
    };
    expect(after.balance).toBe(0);
    expect(after.nextExpiry).toBeNull();
    expect(after.entries[0]).toEqual({
      id: expect.any(Number),
      kind: 'expiry',
      amount: -800,
      orderId: null,
      createdAt: EXPIRED.toISOString(),
    });
  });

  test('an earning before the date moves it a year on from that day', async () => {
    const m = await memberWithPoints(500);
    await grant(m.memberId, 30, '2026-06-10T03:00:00Z');
    await expirePoints(t.deps, EXPIRED);
    expect(await expiries(m.memberId)).toEqual([]);
    // 2027-06-10 is the new last day; the whole 530 goes after it.
    await expirePoints(t.deps, new Date('2027-06-10T14:59:00Z'));
    expect(await expiries(m.memberId)).toEqual([]);
    await expirePoints(t.deps, new Date('2027-06-10T15:00:00Z'));
    expect(await expiries(m.memberId)).toEqual([-530]);
  });

  test('points spent on a pending order never expire; cancelled, they come back for a new year', async () => {
    const m = await memberWithPoints(1000);
    const product = await insertProduct(t.db, { price: 594, stock: 5 });
    const placed = await placeOrder(m, product.variationId, 1, {
      paymentMethod: 'bank_transfer',
      usePoints: 300,
    });
    // The use (at the shop's clock, 2026-11-20 JST) is the member's last activity: once it is a
    // year old, exactly the 700 left expire, not the 300 the order holds.
    await expirePoints(t.deps, EXPIRED);
    expect(await expiries(m.memberId)).toEqual([]);
    const yearOn = new Date('2027-11-20T15:00:00Z');
    t.setNow(yearOn);
    await expirePoints(t.deps, yearOn);
    expect(await expiries(m.memberId)).toEqual([-700]);
    expect(await pointBalance(t.db.orm, m.memberId)).toBe(0);
    await cancelOrder(t.deps, placed, 'operator');
    expect(await pointBalance(t.db.orm, m.memberId)).toBe(300);
    // The refund (2027-11-21 JST) is activity: the 300 have a year from it.
    await expirePoints(t.deps, new Date('2028-11-21T14:59:00Z'));
    expect(await expiries(m.memberId)).toEqual([-700]);
    await expirePoints(t.deps, new Date('2028-11-21T15:00:00Z'));
    expect(await expiries(m.memberId)).toEqual([-700, -300]);
    t.setNow(new Date('2026-11-20T03:00:00.000Z'));
  });

  test('a member without points or with recent activity is left alone', async () => {
    const none = await insertMember(t);
    const recent = await memberWithPoints(100, '2026-11-20T03:00:00Z');
    await expirePoints(t.deps, EXPIRED);
    expect(await expiries(none.memberId)).toEqual([]);
    expect(await expiries(recent.memberId)).toEqual([]);
    expect(await pointBalance(t.db.orm, recent.memberId)).toBe(100);
  });
});

describe('ポイント失効のお知らせ', () => {
  test('queued once from 30 days before with the amount and date, and arrives in both parts', async () => {
    const m = await memberWithPoints(1500);
    const before = new Date(NOTICE_FROM.getTime() - 1);
    await queuePointExpiryNotices(t.deps, before);
    expect(await noticesOf(m.memberId)).toEqual([]);
    await queuePointExpiryNotices(t.deps, NOTICE_FROM);
    await queuePointExpiryNotices(t.deps, new Date('2026-11-20T03:00:00Z'));
    const queued = await noticesOf(m.memberId);
    expect(queued.map((n) => n.payload)).toEqual([{ date: '2026-12-01', amount: 1500 }]);

    await t.deliverAll();
    const mail = t.smtp.received.find(
      (r) => r.messageId === messageIdOf(t.deps.config, queued[0]?.id ?? 0),
    );
    expect(mail?.parsed.subject).toBe('【本の店】ポイント失効のお知らせ（2026年12月1日(火)まで）');
    for (const part of [mail?.parsed.text ?? '', mail?.parsed.html || '']) {
      expect(part).toContain('1,500ポイント');
      expect(part).toContain('2026年12月1日(火)');
      expect(part).toContain(`${SHOP_ORIGIN}/mypage`);
    }
    expect(mail?.parsed.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
  });

  test('no notice before the stage, after expiry, or to a withdrawn member', async () => {
    const early = await memberWithPoints(100, '2026-01-15T03:00:00Z');
    const withdrawn = await memberWithPoints(100);
    await t.db.rows(
      sql`update members set withdrawn_at = now(), email = null, password_hash = null where id = ${withdrawn.memberId}`,
    );
    await queuePointExpiryNotices(t.deps, NOTICE_FROM);
    expect(await noticesOf(early.memberId)).toEqual([]);
    expect(await noticesOf(withdrawn.memberId)).toEqual([]);
    const late = await memberWithPoints(100);
    await queuePointExpiryNotices(t.deps, EXPIRED);
    expect(await noticesOf(late.memberId)).toEqual([]);
  });

  test('a member who earns points after the notice is queued is not told a wrong date', async () => {
    const m = await memberWithPoints(200);
    await queuePointExpiryNotices(t.deps, NOTICE_FROM);
    await grant(m.memberId, 10, '2026-11-05T03:00:00Z');
    await t.deliverAll();
    expect((await noticesOf(m.memberId)).map((n) => n.state)).toEqual(['skipped']);
  });
});

describe('races', () => {
  test('four instances running the job at once write one entry per member', async () => {
    const members = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => memberWithPoints(n * 100)),
    );
    await Promise.all([1, 2, 3, 4].map(() => expirePoints(t.deps, EXPIRED)));
    await registerJobs(t.deps, [pointExpiryJob]);
    t.setNow(EXPIRED);
    const ran = await Promise.all([1, 2, 3, 4].map(() => runDueJobs(t.deps, [pointExpiryJob])));
    expect(ran.flat()).toEqual(['points_expiry']);
    for (const [i, m] of members.entries()) {
      expect(await expiries(m.memberId)).toEqual([-(i + 1) * 100]);
      expect(await pointBalance(t.db.orm, m.memberId)).toBe(0);
    }
  });

  test('a checkout spending points races the expiry: one wins, never both', async () => {
    t.setNow(EXPIRED);
    const product = await insertProduct(t.db, { price: 594, stock: 50 });
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => memberWithPoints(1000)));
    for (const m of members) {
      await m.client.post('/api/cart/', { variationId: product.variationId, quantity: 1 });
    }
    const [statuses] = await Promise.all([
      Promise.all(
        members.map(async (m) => {
          const res = await confirm(m.client, '/api/reserveshop/checkout/', {
            shippingMethod: 'home_delivery',
            paymentMethod: 'bank_transfer',
            addressId: m.addressId,
            usePoints: 300,
          });
          return res.status;
        }),
      ),
      expirePoints(t.deps, EXPIRED),
      expirePoints(t.deps, EXPIRED),
    ]);
    for (const [i, m] of members.entries()) {
      const expired = await expiries(m.memberId);
      const balance = await pointBalance(t.db.orm, m.memberId);
      if (statuses[i] === 201) {
        // Spent first: the use is the new last activity, nothing expired.
        expect({ expired, balance }).toEqual({ expired: [], balance: 700 });
      } else {
        expect(statuses[i]).toBe(422);
        expect({ expired, balance }).toEqual({ expired: [-1000], balance: 0 });
      }
    }
  });
});
