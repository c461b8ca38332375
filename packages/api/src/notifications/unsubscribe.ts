import { randomBytes } from 'node:crypto';
import { canOptOut, isNotificationKind, type NotificationKindName } from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signatureMatches, signToken, splitToken } from './signed-token';

// One-click unsubscribe (RFC 8058) of the kinds a member may turn off: each such mail carries a
// link naming the member and the kind, signed with the shop's key, so the POST a mail client
// sends needs no login and cannot be forged for another member or kind.

const keys = new WeakMap<Database, Promise<Buffer>>();

/**
 * The key that signs unsubscribe links: made by the first instance that asks and kept in the
 * database, so every instance (and every restart) signs and checks with the same one.
 */
export function signingKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (key === undefined) {
    key = (async () => {
      await db.rows(
        sql`insert into mail_signing_keys (id, secret) values (1, ${randomBytes(32).toString('base64url')})
            on conflict (id) do nothing`,
      );
      const [row] = await db.rows<{ secret: string }>(
        sql`select secret from mail_signing_keys where id = 1`,
      );
      if (row === undefined) throw new Error('mail_signing_keys holds no key');
      return Buffer.from(row.secret, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** What an unsubscribe link signs. */
function signed(memberId: number, kind: NotificationKindName): string {
  return `unsubscribe:${memberId}:${kind}`;
}

/** The token of a member's unsubscribe link for one kind: `<member>.<kind>.<signature>`. */
export function unsubscribeToken(
  key: Buffer,
  memberId: number,
  kind: NotificationKindName,
): string {
  return signToken(key, [String(memberId), kind], signed(memberId, kind));
}

/** The member and kind a token names, or null when it is not one this shop signed. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { memberId: number; kind: NotificationKindName } | null {
  const split = splitToken(token);
  if (split === null) return null;
  const [member, kind] = split.parts;
  const memberId = Number(member);
  if (!/^[1-9]\d{0,9}$/.test(member) || !Number.isSafeInteger(memberId)) return null;
  if (!isNotificationKind(kind) || !canOptOut(kind)) return null;
  if (!signatureMatches(key, signed(memberId, kind), split.signature)) return null;
  return { memberId, kind };
}

/** Records that a member wants no more mails of this kind (twice is once). */
export async function optOut(
  db: Pick<Database, 'rows'>,
  memberId: number,
  kind: NotificationKindName,
): Promise<void> {
  await db.rows(
    sql`insert into notification_opt_outs (member_id, kind)
        select id, ${kind} from members where id = ${memberId}
        on conflict do nothing`,
  );
}

/**
 * The one-click unsubscribe: turns off the kind a signed token names for its member, or answers
 * null (and changes nothing) when the token is not one this shop signed.
 */
export async function unsubscribe(
  db: Database,
  token: string,
): Promise<{ memberId: number; kind: NotificationKindName } | null> {
  const named = readUnsubscribeToken(await signingKey(db), token);
  if (named !== null) await optOut(db, named.memberId, named.kind);
  return named;
}

/**
 * What a signed token names and whether the member gets no more of that kind (turned off, or
 * withdrawn: no mail at all), changing nothing; null when it is not one this shop signed.
 */
export async function readUnsubscribeLink(
  db: Database,
  token: string,
): Promise<{ kind: NotificationKindName; unsubscribed: boolean } | null> {
  const named = readUnsubscribeToken(await signingKey(db), token);
  if (named === null) return null;
  const [row] = await db.rows<{ unsubscribed: boolean }>(
    sql`select (m.withdrawn_at is not null
                or exists (select 1 from notification_opt_outs x where x.member_id = m.id and x.kind = ${named.kind})) as unsubscribed
        from members m where m.id = ${named.memberId}`,
  );
  return row === undefined ? null : { kind: named.kind, unsubscribed: row.unsubscribed };
}
