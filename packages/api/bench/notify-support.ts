// What bench/notify.ts and bench/notify-crash.ts share: a postponement notice queued to N
// reservation holders in one transaction (the database and the server come from bench/lib/).
import { sql } from 'drizzle-orm';
import { loadMailConfig } from '../src/config/mail';
import type { Database } from '../src/db/client';
import { messageIdOf } from '../src/notifications/compose';
import { enqueueNotifications, type Notice } from '../src/notifications/outbox';

/**
 * A popular title postponed: `holders` members each holding a reservation get a 発売延期の
 * お知らせ, queued in one transaction as the postponement's would. Returns the Message-IDs the
 * receiver must see, one per mail.
 */
export async function queuePostponement(db: Database, holders: number): Promise<Set<string>> {
  await db.rows(
    sql`insert into members (email, password_hash, name)
        select 'holder-' || n || '@example.jp', '$scrypt$unused', '予約 太郎' || n
        from generate_series(1, ${holders}) n`,
  );
  const members = await db.rows<{ id: number }>(
    sql`select id from members where email like 'holder-%' order by id`,
  );
  const notices: Notice[] = members.map(({ id }, i) => ({
    kind: 'release_postponed',
    to: { memberId: id },
    payload: {
      orderIds: [100_000 + i],
      productId: 1,
      title: '呪術廻戦 30巻',
      previous: { date: '2026-12-04', precision: 'day' },
      next: { date: '2027-01-11', precision: 'month_part' },
    },
    dedupeKey: `release_postponed:bench:${id}`,
  }));
  const ids = await db.transaction(async (tx) => {
    await enqueueNotifications(tx.orm, notices, new Date());
    return tx.rows<{ id: number }>(
      sql`select id::int as id from notification_outbox where dedupe_key like 'release_postponed:bench:%'`,
    );
  });
  // The domain of the server's MAIL_FROM (the default), as the server derives it.
  const config = { mail: loadMailConfig({}) } as Parameters<typeof messageIdOf>[0];
  return new Set(ids.map(({ id }) => messageIdOf(config, id)));
}
