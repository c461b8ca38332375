import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { TestClient } from '../../test/support/accounts-app';
import { mailTestApp, SHOP_ORIGIN } from '../../test/support/mail-app';
import { uniqueSuffix } from '../../test/support/orders-app';
import type { Received } from '../../test/support/smtp-receiver';
import { loadConfig } from '../config/app';
import { envelope } from './compose';
import { enqueueNotifications, type Notice } from './outbox';
import { unsubscribeToken } from './unsubscribe';

// The member's account mails (docs/account-mail.md) from the real actions, read at a real SMTP
// receiver: the password reset and its notice, the e-mail change (link to the new address, notice
// to the old), the withdrawal mail, and the member's mail settings. The races (two uses of one
// link, two members confirming one address) hold on PostgreSQL too:
// `bash scripts/with-postgres.sh pnpm exec vitest run ... src/notifications/account-mail.test.ts`.

const PASSWORD = 'correct horse battery';
const START = new Date('2026-11-20T03:00:00.000Z');

const t = mailTestApp();

/** A 再入荷 notice to member `memberId`; `tag` makes its dedupe key its own. */
const restockNotice = (memberId: number, tag: string): Notice => ({
  kind: 'restock',
  to: { memberId },
  payload: { variationId: 1, productId: 1 },
  dedupeKey: `restock:${tag}:${memberId}`,
});

/** A パスワード変更 notice to member `memberId`; `tag` makes its dedupe key its own. */
const passwordChangedNotice = (memberId: number, tag: string): Notice => ({
  kind: 'password_changed',
  to: { memberId },
  payload: { at: START.toISOString() },
  dedupeKey: `password_changed:${tag}:${memberId}`,
});
let clientNumber = 0;

beforeAll(() => {
  // The browsers stand behind one proxy that names them, so each has its own throttles.
  t.deps.config.accounts.trustProxy = loadConfig({ TRUST_PROXY: 'true' }).accounts.trustProxy;
});

beforeEach(() => {
  t.setNow(START);
});

/** A browser of its own client address, so one test's throttles never meet another's. */
function browser(): TestClient {
  clientNumber++;
  return new TestClient(t.app, `198.51.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`);
}

/** The mails that reached this address, oldest first. */
function mailsTo(address: string): Received[] {
  return t.smtp.received.filter((r) => {
    const to = r.parsed.to;
    return to !== undefined && 'value' in to && to.value.some((v) => v.address === address);
  });
}

/** The one link of a mail's text part that starts with this path. */
function linkIn(mail: Received | undefined, path: string): URL {
  const match = new RegExp(`${SHOP_ORIGIN}${path}\\?token=[A-Za-z0-9_-]+`).exec(
    mail?.parsed.text ?? '',
  );
  if (!match) throw new Error(`no ${path} link in the mail`);
  // The HTML part carries the same link.
  expect(mail?.parsed.html || '').toContain(`href="${match[0]}"`);
  return new URL(match[0]);
}

async function member(): Promise<{ email: string; client: TestClient; id: number }> {
  const email = `a-${uniqueSuffix()}@example.jp`;
  const client = browser();
  expect((await client.register(email, PASSWORD)).status).toBe(201);
  const { member } = await client.session();
  return { email, client, id: member?.id ?? 0 };
}

/** The `code` of an error answer. */
async function codeOf(res: Response | undefined): Promise<string | undefined> {
  return ((await res?.json()) as { error?: { code?: string } } | undefined)?.error?.code;
}

async function outboxOf(kind: string) {
  return t.db.rows<{ memberId: number | null; recipient: string | null; state: string }>(
    sql`select member_id as "memberId", recipient, state from notification_outbox where kind = ${kind} order by id`,
  );
}

async function requestReset(email: string, client = browser()) {
  await client.session();
  return client.post('/api/password-reset/', { email });
}

/** Sets `password` with the reset link's `token`, from `client`. */
const confirmReset = (client: TestClient, token: string | null | undefined, password: string) =>
  client.post('/api/password-reset/confirm/', { token, password });

describe('password reset', () => {
  test('mails a single-use link; the new password works, every session ends, a notice follows', async () => {
    const m = await member();
    const before = (await outboxOf('password_reset')).length;
    const res = await requestReset(m.email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: true });
    expect(await outboxOf('password_reset')).toHaveLength(before + 1);
    await t.deliverAll();
    const [mail] = mailsTo(m.email);
    expect(mail?.parsed.subject).toBe('【本の店】パスワード再設定のご案内');
    expect(mail?.parsed.text).toContain('30分以内');
    const link = linkIn(mail, '/password-reset/confirm');
    const token = link.searchParams.get('token') ?? '';
    // The table keeps the hash, never the token.
    const stored = await t.db.rows<{ hash: string }>(
      sql`select token_hash as hash from account_links where member_id = ${m.id}`,
    );
    expect(stored.map((r) => r.hash)).not.toContain(token);

    const stranger = browser();
    await stranger.session();
    const done = await confirmReset(stranger, token, 'a brand new secret');
    expect(done.status).toBe(200);
    // The member's own session ended.
    expect((await m.client.session()).member).toBeNull();
    expect((await browser().login(m.email, PASSWORD)).status).toBe(401);
    expect((await browser().login(m.email, 'a brand new secret')).status).toBe(200);
    // Once only.
    const again = await confirmReset(stranger, token, 'yet another secret');
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe('reset_link_invalid');

    await t.deliverAll();
    const notice = mailsTo(m.email).find((r) => r.parsed.subject?.includes('パスワード変更'));
    expect(notice?.parsed.subject).toBe('【本の店】パスワード変更のお知らせ');
    expect(notice?.parsed.text).toContain('2026年11月20日(金) 12:00');
    expect(notice?.parsed.html).toContain('すべての端末でログアウト');
  });

  test('answers an unknown address exactly as a member, and mails nobody', async () => {
    const m = await member();
    const known = await requestReset(m.email);
    const unknown = await requestReset(`nobody-${uniqueSuffix()}@example.jp`);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    const rows = await outboxOf('password_reset');
    expect(rows.filter((r) => r.memberId === null)).toEqual([]);
    expect(rows.filter((r) => r.memberId === m.id)).toHaveLength(1);
  });

  test('a link expires after 30 minutes, and a late mail is not sent', async () => {
    const m = await member();
    await requestReset(m.email);
    await t.deliverAll();
    const token = linkIn(mailsTo(m.email)[0], '/password-reset/confirm').searchParams.get('token');
    t.setNow(new Date(START.getTime() + 30 * 60_000));
    const client = browser();
    await client.session();
    const res = await confirmReset(client, token, 'late secret!');
    expect(res.status).toBe(400);
    expect((await browser().login(m.email, PASSWORD)).status).toBe(200);

    // Requested now, its mail delivered only after the link died: skipped, not sent.
    const other = await member();
    await requestReset(other.email);
    t.setNow(new Date(START.getTime() + 61 * 60_000));
    await t.deliverAll();
    expect(mailsTo(other.email)).toEqual([]);
  });

  test('a newer request retires the older link', async () => {
    const m = await member();
    await requestReset(m.email);
    await t.deliverAll();
    await requestReset(m.email);
    await t.deliverAll();
    const [first, second] = mailsTo(m.email).map((mail) =>
      linkIn(mail, '/password-reset/confirm').searchParams.get('token'),
    );
    const client = browser();
    await client.session();
    const old = await confirmReset(client, first, 'x secret one');
    expect(old.status).toBe(400);
    const fresh = await confirmReset(client, second, 'x secret two');
    expect(fresh.status).toBe(200);
  });

  test('clears the login lock of the address', async () => {
    const m = await member();
    const attacker = browser();
    let last = 0;
    for (let i = 0; i < 5; i++) last = (await attacker.login(m.email, 'wrong password')).status;
    expect(last).toBe(429);
    expect((await browser().login(m.email, PASSWORD)).status).toBe(429);
    await requestReset(m.email);
    await t.deliverAll();
    const token = linkIn(mailsTo(m.email)[0], '/password-reset/confirm').searchParams.get('token');
    const client = browser();
    await client.session();
    expect((await confirmReset(client, token, 'unlocked secret')).status).toBe(200);
    expect((await browser().login(m.email, 'unlocked secret')).status).toBe(200);
  });

  test('is throttled per address, member or not, with the same answer', async () => {
    for (const email of [(await member()).email, `ghost-${uniqueSuffix()}@example.jp`]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await requestReset(email)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });

  test('refuses a new password that breaks the registration rules, using nothing', async () => {
    const m = await member();
    await requestReset(m.email);
    await t.deliverAll();
    const token = linkIn(mailsTo(m.email)[0], '/password-reset/confirm').searchParams.get('token');
    const client = browser();
    await client.session();
    const short = await confirmReset(client, token, 'short');
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain('8文字以上');
    const ok = await confirmReset(client, token, 'long enough now');
    expect(ok.status).toBe(200);
  });

  test('two uses of one link at once: exactly one sets its password', async () => {
    const m = await member();
    await requestReset(m.email);
    await t.deliverAll();
    const token = linkIn(mailsTo(m.email)[0], '/password-reset/confirm').searchParams.get('token');
    const clients = Array.from({ length: 6 }, () => browser());
    await Promise.all(clients.map((c) => c.session()));
    const answers = await Promise.all(
      clients.map((c, i) => confirmReset(c, token, `parallel secret ${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    const winner = statuses.indexOf(200);
    expect((await browser().login(m.email, `parallel secret ${winner}`)).status).toBe(200);
    expect(
      (
        await t.db.rows(
          sql`select 1 from notification_outbox where kind = 'password_changed' and member_id = ${m.id}`,
        )
      ).length,
    ).toBe(1);
  });
});

describe('e-mail change', () => {
  test('mails the link to the new address; opening it changes the address and tells the old one', async () => {
    const m = await member();
    const newEmail = `new-${uniqueSuffix()}@example.jp`;
    const wrong = await m.client.post('/api/user/email/', { password: 'not it', newEmail });
    expect(wrong.status).toBe(401);
    const res = await m.client.post('/api/user/email/', { password: PASSWORD, newEmail });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sentTo: newEmail });
    // Nothing changes until the link is opened.
    expect((await m.client.session()).member?.email).toBe(m.email);
    const [queued] = await t.db.rows<{ recipient: string | null; memberId: number | null }>(
      sql`select recipient, member_id as "memberId" from notification_outbox
          where kind = 'email_change' and recipient = ${newEmail}`,
    );
    expect(queued).toEqual({ recipient: newEmail, memberId: null });
    await t.deliverAll();
    const [mail] = mailsTo(newEmail);
    expect(mail?.parsed.subject).toBe('【本の店】メールアドレス変更のご確認');
    expect(mailsTo(m.email)).toEqual([]);
    // Sent, the row keeps no address.
    expect(
      await t.db.rows(sql`select id from notification_outbox where recipient = ${newEmail}`),
    ).toEqual([]);
    const token = linkIn(mail, '/email-change/confirm').searchParams.get('token');

    // Opened in a browser that is not signed in.
    const other = browser();
    await other.session();
    const confirmed = await other.post('/api/user/email/confirm/', { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: newEmail });
    expect((await m.client.session()).member?.email).toBe(newEmail);
    expect((await browser().login(newEmail, PASSWORD)).status).toBe(200);
    expect((await browser().login(m.email, PASSWORD)).status).toBe(401);
    expect((await other.post('/api/user/email/confirm/', { token })).status).toBe(400);

    await t.deliverAll();
    const [notice] = mailsTo(m.email);
    expect(notice?.parsed.subject).toBe('【本の店】メールアドレス変更のお知らせ');
    // The old mailbox is not told the new address.
    expect(notice?.parsed.text).not.toContain(newEmail);
    expect(notice?.parsed.html).not.toContain(newEmail);
  });

  test('refuses the same address, an address another member holds, and bad input', async () => {
    const m = await member();
    const other = await member();
    const same = await m.client.post('/api/user/email/', { password: PASSWORD, newEmail: m.email });
    expect(same.status).toBe(400);
    expect(await codeOf(same)).toBe('email_unchanged');
    const taken = await m.client.post('/api/user/email/', {
      password: PASSWORD,
      newEmail: other.email.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    const { error } = (await taken.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('email_taken');
    expect(error.message).toMatch(/既に他の会員/);
    const bad = await m.client.post('/api/user/email/', { password: PASSWORD, newEmail: 'nope' });
    expect(bad.status).toBe(400);
    const guest = browser();
    await guest.session();
    expect(
      (await guest.post('/api/user/email/', { password: PASSWORD, newEmail: 'x@example.jp' }))
        .status,
    ).toBe(401);
  });

  test('two members confirming the same new address at once: one wins, the other gets 409', async () => {
    const a = await member();
    const b = await member();
    const wanted = `wanted-${uniqueSuffix()}@example.jp`;
    for (const m of [a, b]) {
      expect(
        (await m.client.post('/api/user/email/', { password: PASSWORD, newEmail: wanted })).status,
      ).toBe(200);
    }
    await t.deliverAll();
    const tokens = mailsTo(wanted).map((mail) =>
      linkIn(mail, '/email-change/confirm').searchParams.get('token'),
    );
    expect(tokens).toHaveLength(2);
    const answers = await Promise.all(
      tokens.map((token, i) => [a, b][i]?.client.post('/api/user/email/confirm/', { token })),
    );
    const statuses = answers.map((r) => r?.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await codeOf(answers.find((r) => r?.status === 409))).toBe('email_taken');
    const holders = await t.db.rows(sql`select id from members where email = ${wanted}`);
    expect(holders).toHaveLength(1);
  });
});

describe('withdrawal', () => {
  test('mails 退会手続き完了 to the address the member had, written with the withdrawal', async () => {
    const m = await member();
    const res = await m.client.post('/api/user/delete/', { password: PASSWORD });
    expect(res.status).toBe(200);
    const rows = (await outboxOf('withdrawal_completed')).filter((r) => r.recipient === m.email);
    expect(rows).toEqual([{ memberId: null, recipient: m.email, state: 'queued' }]);
    const [erased] = await t.db.rows<{ email: string | null }>(
      sql`select email from members where id = ${m.id}`,
    );
    expect(erased?.email).toBeNull();
    await t.deliverAll();
    const [mail] = mailsTo(m.email);
    expect(mail?.parsed.subject).toBe('【本の店】退会手続き完了のお知らせ');
    expect(mail?.parsed.text).toContain('退会手続きが完了しました');
    expect(mail?.parsed.headers.has('list-unsubscribe')).toBe(false);
  });

  test('a withdrawal that is refused mails nothing', async () => {
    const m = await member();
    const res = await m.client.post('/api/user/delete/', { password: 'wrong password' });
    expect(res.status).toBe(401);
    expect((await outboxOf('withdrawal_completed')).filter((r) => r.recipient === m.email)).toEqual(
      [],
    );
  });
});

describe('mail settings', () => {
  test('lists every kind; only non-essential ones can be turned off, and back on', async () => {
    const m = await member();
    const res = await m.client.get('/api/user/notifications/');
    expect(res.status).toBe(200);
    const { preferences } = (await res.json()) as {
      preferences: { kind: string; essential: boolean; enabled: boolean; label: string }[];
    };
    expect(preferences.every((p) => p.enabled)).toBe(true);
    expect(preferences.filter((p) => !p.essential).map((p) => p.kind)).toEqual([
      'points_expiring',
      'favorite_new_releases',
      'restock',
    ]);
    const off = await m.client.put('/api/user/notifications/', { kind: 'restock', enabled: false });
    expect(off.status).toBe(200);
    const after = (await off.json()) as { preferences: typeof preferences };
    expect(after.preferences.find((p) => p.kind === 'restock')?.enabled).toBe(false);
    const essential = await m.client.put('/api/user/notifications/', {
      kind: 'order_confirmation',
      enabled: false,
    });
    expect(essential.status).toBe(400);
    const { error: refusal } = (await essential.json()) as {
      error: { code: string; message: string };
    };
    expect(refusal.code).toBe('notification_essential');
    expect(refusal.message).toContain('ご注文確認');
    const unknown = await m.client.put('/api/user/notifications/', {
      kind: 'spam',
      enabled: false,
    });
    expect(unknown.status).toBe(400);
    const on = await m.client.put('/api/user/notifications/', { kind: 'restock', enabled: true });
    const back = (await on.json()) as { preferences: typeof preferences };
    expect(back.preferences.find((p) => p.kind === 'restock')?.enabled).toBe(true);
    const guest = browser();
    expect((await guest.get('/api/user/notifications/')).status).toBe(401);
  });

  test('an opted-out kind is skipped at delivery; an essential one is sent even with a stale opt-out', async () => {
    const m = await member();
    await m.client.put('/api/user/notifications/', { kind: 'restock', enabled: false });
    // A row no API writes (an essential kind), as an old unsubscribe might have left.
    await t.db.rows(
      sql`insert into notification_opt_outs (member_id, kind) values (${m.id}, 'password_changed')`,
    );
    await enqueueNotifications(
      t.db.orm,
      [restockNotice(m.id, 'test'), passwordChangedNotice(m.id, 'test')],
      t.deps.now(),
    );
    await t.deliverAll();
    expect(mailsTo(m.email).map((mail) => mail.parsed.subject)).toEqual([
      '【本の店】パスワード変更のお知らせ',
    ]);
    const [restock] = await t.db.rows<{ state: string }>(
      sql`select state from notification_outbox where dedupe_key = ${`restock:test:${m.id}`}`,
    );
    expect(restock?.state).toBe('skipped');
  });

  test('the unsubscribe link opened in a browser names the kind and changes nothing until POSTed', async () => {
    const m = await member();
    const url = `/api/notifications/unsubscribe/?token=${unsubscribeToken(t.key, m.id, 'points_expiring')}`;
    const guest = browser();
    const read = await guest.get(url);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({
      kind: 'points_expiring',
      label: 'ポイント失効のお知らせ',
      unsubscribed: false,
    });
    const again = await guest.get(url);
    expect(await again.json()).toMatchObject({ unsubscribed: false });
    await guest.session();
    expect((await guest.post(url)).status).toBe(200);
    expect(await (await guest.get(url)).json()).toMatchObject({ unsubscribed: true });
    const prefs = (await (await m.client.get('/api/user/notifications/')).json()) as {
      preferences: { kind: string; enabled: boolean }[];
    };
    expect(prefs.preferences.find((p) => p.kind === 'points_expiring')?.enabled).toBe(false);
    // The mail's footer links the storefront's page with the same token.
    const mail = envelope(
      t.deps.config,
      {
        outboxId: 1,
        kind: 'points_expiring',
        to: m.email,
        date: START,
        unsubscribeUrl: `${SHOP_ORIGIN}${url}`,
      },
      { subject: 's', blocks: [] },
    );
    const page = `${SHOP_ORIGIN}/unsubscribe?token=${unsubscribeToken(t.key, m.id, 'points_expiring')}`;
    expect(mail.text).toContain(page);
    expect(mail.html).toContain(`href="${page}"`);
    const forged = await guest.get(`${url.slice(0, -3)}AAA`);
    expect(forged.status).toBe(400);
    expect(await codeOf(forged)).toBe('unsubscribe_link_invalid');
  });
});

describe('お知らせ', () => {
  test("lists the member's mails newest first, 20 a page, and clears the unread count when read", async () => {
    const m = await member();
    const other = await member();
    const notices = Array.from({ length: 21 }, (_, i) =>
      passwordChangedNotice(m.id, `notices:${i}`),
    );
    await enqueueNotifications(t.db.orm, notices, t.deps.now());
    // A duplicate queues no mail and adds no notice; an address mail is nobody's notice.
    await enqueueNotifications(
      t.db.orm,
      [
        notices[0] as Notice,
        {
          kind: 'email_changed',
          to: { address: m.email },
          payload: { at: START.toISOString() },
          dedupeKey: `email_changed:notices:${m.id}`,
        },
      ],
      t.deps.now(),
    );
    await m.client.put('/api/user/notifications/', { kind: 'restock', enabled: false });
    await enqueueNotifications(t.db.orm, [restockNotice(m.id, 'notices')], t.deps.now());
    type Page = {
      notices: { id: number; kind: string; title: string; read: boolean }[];
      page: number;
      totalPages: number;
      unreadCount: number;
    };
    const first = (await (await m.client.get('/api/user/notices/')).json()) as Page;
    expect(first.unreadCount).toBe(22);
    expect(first.totalPages).toBe(2);
    expect(first.notices).toHaveLength(20);
    expect(first.notices[0]).toMatchObject({
      kind: 'restock',
      title: '再入荷のお知らせ',
      read: false,
    });
    const ids = first.notices.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await (await m.client.get('/api/user/notices/?page=2')).json()) as Page;
    expect(second.notices.map((n) => n.title)).toEqual([
      'パスワード変更のお知らせ',
      'パスワード変更のお知らせ',
    ]);
    // Another member sees none of them.
    expect(
      ((await (await other.client.get('/api/user/notices/')).json()) as Page).unreadCount,
    ).toBe(0);
    expect((await m.client.post('/api/user/notices/read/')).status).toBe(204);
    const after = (await (await m.client.get('/api/user/notices/')).json()) as Page;
    expect(after.unreadCount).toBe(0);
    expect(after.notices.every((n) => n.read)).toBe(true);
    expect((await m.client.get('/api/user/notices/?page=0')).status).toBe(400);
    expect((await browser().get('/api/user/notices/')).status).toBe(401);
  });

  test('a rolled-back change leaves neither a mail nor a notice', async () => {
    const m = await member();
    await t.db.orm
      .transaction(async (tx) => {
        await enqueueNotifications(tx, [passwordChangedNotice(m.id, 'rollback')], t.deps.now());
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const page = (await (await m.client.get('/api/user/notices/')).json()) as {
      unreadCount: number;
    };
    expect(page.unreadCount).toBe(0);
  });
});
