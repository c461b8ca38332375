import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { mailTestApp, SHOP_ORIGIN } from '../../test/support/mail-app';
import {
  insertMember,
  insertProduct,
  type MemberFixture,
  uniqueSuffix,
} from '../../test/support/orders-app';
import { favoriteDigest } from './favorite-digest';
import { registerJobs, runDueJobs } from './jobs';
import { optOut } from './unsubscribe';

// お気に入り新刊: the daily job queues one digest per member of the products one JST day added
// by their favourite authors, circles and series; once per day (dedupe key per member and day)
// and once per tick across instances; the opt-out and withdrawal are honoured.

/** 2026-11-24 in JST runs from 2026-11-23T15:00Z to 2026-11-24T15:00Z. */
const DAY = '2026-11-24';
const jst = (local: string) => new Date(`${local}+09:00`).toISOString();

const t = mailTestApp({ poolSize: 4 });

async function insertAuthor(name: string): Promise<number> {
  const [row] = await t.db.rows<{ id: number }>(
    sql`insert into authors (slug, name, name_kana, kind) values (${`a-${uniqueSuffix()}`}, ${name}, 'カナ', 'author') returning id`,
  );
  return row?.id ?? 0;
}

async function insertSeries(title: string): Promise<number> {
  const [row] = await t.db.rows<{ id: number }>(
    sql`insert into series (slug, title) values (${`s-${uniqueSuffix()}`}, ${title}) returning id`,
  );
  return row?.id ?? 0;
}

async function productBy(
  title: string,
  by: { authorId?: number; seriesId?: number },
  createdAt: string,
): Promise<number> {
  const p = await insertProduct(t.db, { title, sellStartDate: '2027-01-20', canReserve: true });
  await t.db.rows(
    sql`update products set author_id = ${by.authorId ?? null}, series_id = ${by.seriesId ?? null},
          created_at = ${createdAt} where id = ${p.productId}`,
  );
  return p.productId;
}

async function favorite(member: MemberFixture, type: string, targetId: number) {
  await t.db.rows(
    sql`insert into favorites (member_id, content_type, target_id) values (${member.memberId}, ${type}, ${targetId})`,
  );
}

function digests() {
  return t.db.rows<{
    memberId: number;
    state: string;
    payload: { day: string; productIds: number[] };
  }>(
    sql`select member_id as "memberId", state, payload from notification_outbox
        where kind = 'favorite_new_releases' order by member_id`,
  );
}

describe('お気に入り新刊', () => {
  test('one digest per member of the day before, with their favourites only; again queues nothing', async () => {
    const author = await insertAuthor('芥見下々');
    const series = await insertSeries('呪術廻戦');
    const [alice, bob, carol, dave, eve] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => insertMember(t)),
    );
    if (!alice || !bob || !carol || !dave || !eve) throw new Error('unreachable');
    await favorite(alice, 'author', author);
    await favorite(bob, 'author', author);
    await favorite(bob, 'intellectualproperty', series);
    await favorite(carol, 'author', await insertAuthor('別の作家'));
    await favorite(dave, 'author', author);
    await favorite(eve, 'author', author);
    await optOut(t.db, dave.memberId, 'favorite_new_releases');
    await t.db.rows(
      sql`update members set withdrawn_at = now(), email = null, password_hash = null where id = ${eve.memberId}`,
    );
    const morning = await productBy('呪術廻戦 画集', { authorId: author }, jst(`${DAY}T10:00:00`));
    const night = await productBy('呪術廻戦 31巻', { seriesId: series }, jst(`${DAY}T23:59:00`));
    // The day before and the day after are other digests.
    await productBy('前日の新刊', { authorId: author }, jst('2026-11-23T23:59:00'));
    await productBy('翌日の新刊', { authorId: author }, jst('2026-11-25T00:00:00'));

    const now = new Date(jst('2026-11-25T00:30:00'));
    t.setNow(now);
    await favoriteDigest.run(t.deps, now);
    await favoriteDigest.run(t.deps, new Date(jst('2026-11-25T23:30:00')));
    expect((await digests()).map((d) => [d.memberId, d.payload])).toEqual(
      [
        [alice.memberId, { day: DAY, productIds: [morning] }],
        [bob.memberId, { day: DAY, productIds: [morning, night].sort((a, b) => a - b) }],
        [dave.memberId, { day: DAY, productIds: [morning] }],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );

    await t.deliverAll();
    expect((await digests()).find((d) => d.memberId === dave.memberId)?.state).toBe('skipped');
    const arrived = t.smtp.received.filter((r) => r.parsed.subject?.includes('お気に入りの新刊'));
    expect(arrived.map((r) => r.parsed.subject).sort()).toEqual([
      '【本の店】お気に入りの新刊が1点登録されました（11月24日）',
      '【本の店】お気に入りの新刊が2点登録されました（11月24日）',
    ]);
    const bobs = arrived.find((r) => r.parsed.subject?.includes('2点')) ?? null;
    const text = bobs?.parsed.text ?? '';
    expect(text).toContain('呪術廻戦 画集');
    expect(text).toContain('呪術廻戦 31巻');
    expect(text).toContain('芥見下々');
    expect(text).toContain('2027年1月20日');
    expect(text).not.toContain('前日の新刊');
    expect(text).toMatch(new RegExp(`${SHOP_ORIGIN}/product/p-`));
    expect(bobs?.parsed.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
  });

  test('a tick runs on one instance only, however many ask at once', async () => {
    await registerJobs(t.deps, [favoriteDigest]);
    const ran = await Promise.all([1, 2, 3, 4].map(() => runDueJobs(t.deps, [favoriteDigest])));
    expect(ran.flat()).toEqual(['favorite_new_releases_digest']);
  });
});
