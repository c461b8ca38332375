import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client';
import { CHECK_VIOLATION, sqlState, type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { isoInstantSql } from '../lib/sql-instant';
import { memberPointExpiry } from '../services/point-expiry';
import { pointBalance } from '../services/points';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from '../staff/access';
import { recordAudit } from '../staff/audit';
import { type ListPage, toListPage } from './list-page';
import type {
  AdminPointEntry,
  MemberDetail,
  MemberLocks,
  MemberSummary,
  PointAdjustment,
} from './members-schemas';

// The back office's members (docs/backoffice.md, "Members"): look a member up, see their orders,
// points, locks, withdrawal and takeover; adjust their points with a reason; lift a lock-out.
// Members' e-mail addresses and names are personal data: they are answered to the staff's page
// only, never logged, and audit entries name the member by id.

const MEMBER_NOT_FOUND = () =>
  new ServiceError('member_not_found', '指定の会員は見つかりませんでした。');

/**
 * The throttle counters that lock one member out (services/throttle.ts): wrong passwords for the
 * address (`authenticate` in services/members.ts, withdrawal's password check) and failed
 * takeovers (services/takeover.ts). The counters of a client address are shared with others and
 * are not the member's to lift.
 */
function lockKeys(memberId: number, email: string | null) {
  const keys = {
    login: email === null ? null : `login-account:${email}`,
    takeover: `takeover-member:${memberId}`,
  };
  const present = [keys.login, keys.takeover].filter((key) => key !== null);
  return {
    ...keys,
    list: sql.join(
      present.map((key) => sql`${key}`),
      sql`, `,
    ),
  };
}

/** `%` and `_` of a search word are meant literally in LIKE. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface SummaryRow {
  id: number;
  email: string | null;
  name: string;
  createdAt: string;
  withdrawnAt: string | null;
  pointBalance: number;
}

const SUMMARY_COLUMNS = sql`m.id, m.email, m.name, ${isoInstantSql('m.created_at')} as "createdAt",
  ${isoInstantSql('m.withdrawn_at')} as "withdrawnAt",
  coalesce((select b.balance from point_balances b where b.member_id = m.id), 0) as "pointBalance"`;

/**
 * Members matching `q` (part of the e-mail address or name, case-insensitive, or the member id),
 * newest first. A scan of the members table: a back office lookup, not a shopper's path.
 */
export async function listMembers(
  deps: AppDeps,
  query: { q?: string; limit: number; after?: number },
): Promise<ListPage<MemberSummary>> {
  const conditions: SQL[] = [];
  if (query.after !== undefined) conditions.push(sql`m.id < ${query.after}`);
  if (query.q !== undefined) {
    const pattern = likePattern(query.q.toLowerCase());
    const byId = /^\d{1,9}$/.test(query.q) ? sql` or m.id = ${Number(query.q)}` : sql``;
    conditions.push(sql`(m.email like ${pattern} or m.name ilike ${pattern}${byId})`);
  }
  const where = conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  const rows = await deps.db.rows<SummaryRow>(
    sql`select ${SUMMARY_COLUMNS} from members m ${where} order by m.id desc limit ${query.limit + 1}`,
  );
  return toListPage(rows, query.limit, (row) => row);
}

async function memberLocks(
  db: Orm | Tx,
  memberId: number,
  email: string | null,
  now: Date,
): Promise<MemberLocks> {
  const keys = lockKeys(memberId, email);
  const rows = await txRows<{ key: string; failures: number; lockedUntil: string | null }>(
    db,
    sql`select key, failures, ${isoInstantSql('locked_until')} as "lockedUntil"
        from throttle_counters where key in (${keys.list})`,
  );
  const lock = (key: string | null) => {
    const row = rows.find((r) => r.key === key);
    const lockedUntil =
      row?.lockedUntil && new Date(row.lockedUntil) > now ? row.lockedUntil : null;
    return { failures: row?.failures ?? 0, lockedUntil };
  };
  return { login: lock(keys.login), takeover: lock(keys.takeover) };
}

const LEDGER_COLUMNS = sql`id::int as "id", kind, amount, order_id::int as "orderId", reason,
  ${isoInstantSql('created_at')} as "createdAt"`;

/** Everything the staff see of one member. */
export async function memberDetail(deps: AppDeps, memberId: number): Promise<MemberDetail> {
  const db = deps.db;
  const now = deps.now();
  const [member] = await db.rows<SummaryRow & { birthDate: string | null }>(
    sql`select ${SUMMARY_COLUMNS}, m.birth_date::text as "birthDate" from members m
        where m.id = ${memberId}`,
  );
  if (!member) throw MEMBER_NOT_FOUND();
  const [orderTotals] = await db.rows<{ count: number; spent: number }>(
    sql`select count(*)::int as "count",
          -- float8, not int: a member's orders may add up past 2,147,483,647 yen (22 orders at the
          -- most one order may come to), which failed the page with integer out of range.
          coalesce(sum(o.total) filter (where o.status <> 'cancelled'), 0)::float8 as "spent"
        from orders o join order_details d on d.order_id = o.id where d.member_id = ${memberId}`,
  );
  const byState = await db.rows<{ state: string; count: number }>(
    sql`select o.status as "state", count(*)::int as "count"
        from orders o join order_details d on d.order_id = o.id where d.member_id = ${memberId}
        group by o.status order by o.status`,
  );
  const recent = await db.rows<MemberDetail['orders']['recent'][number]>(
    sql`select o.id::int as "id", o.status as "state", o.total, ${isoInstantSql('o.placed_at')} as "placedAt",
          d.is_reservation as "isReservation", d.payment_method as "paymentMethod"
        from orders o join order_details d on d.order_id = o.id where d.member_id = ${memberId}
        order by o.id desc limit 10`,
  );
  const ledger = await db.rows<AdminPointEntry>(
    sql`select ${LEDGER_COLUMNS} from point_ledger where member_id = ${memberId}
        order by id desc limit 50`,
  );
  const [takeover] = await db.rows<{
    id: number;
    linkedAt: string | null;
    legacyOrders: number;
  }>(
    sql`select a.id, ${isoInstantSql('a.linked_at')} as "linkedAt",
          (select count(*)::int from legacy_orders l where l.legacy_account_id = a.id) as "legacyOrders"
        from legacy_accounts a where a.linked_member_id = ${memberId}`,
  );
  const accountLinks = await db.rows<MemberDetail['accountLinks'][number]>(
    sql`select purpose, ${isoInstantSql('created_at')} as "createdAt",
          ${isoInstantSql('expires_at')} as "expiresAt"
        from account_links
        where member_id = ${memberId} and used_at is null and expires_at > ${now.toISOString()}::timestamptz
        order by id desc`,
  );
  const [sessions] = await db.rows<{ n: number }>(
    sql`select count(*)::int as n from sessions
        where member_id = ${memberId} and expires_at > ${now.toISOString()}::timestamptz`,
  );
  const blockers =
    member.withdrawnAt === null && deps.memberOrders
      ? await deps.memberOrders.withdrawalBlockers(db.orm, memberId)
      : [];
  return {
    ...member,
    locks: await memberLocks(db.orm, memberId, member.email, now),
    sessions: sessions?.n ?? 0,
    orders: { count: orderTotals?.count ?? 0, spent: orderTotals?.spent ?? 0, byState, recent },
    points: {
      balance: member.pointBalance,
      nextExpiry: await memberPointExpiry(db.orm, memberId, member.pointBalance),
      ledger,
    },
    withdrawal: { withdrawnAt: member.withdrawnAt, blockers },
    takeover: {
      linked: takeover !== undefined,
      linkedAt: takeover?.linkedAt ?? null,
      legacyAccountId: takeover?.id ?? null,
      legacyOrders: takeover?.legacyOrders ?? 0,
    },
    accountLinks,
  };
}

/**
 * The most points a staff adjustment may leave a member holding. The balance is a 32-bit integer
 * (2,147,483,647 at most): past it the ledger trigger's update failed with `integer out of range`
 * (a 500), and every later earning or refund of the member with it. This leaves room below that
 * for the points orders still grant.
 */
export const MAX_ADJUSTED_BALANCE = 1_000_000_000;

const BALANCE_LIMIT = () =>
  new ServiceError(
    'points_balance_limit',
    `保有ポイントが上限（${MAX_ADJUSTED_BALANCE.toLocaleString('ja-JP')}pt）を超えるため追加できません。`,
  );

const INSUFFICIENT = (balance: number) =>
  new ServiceError(
    'points_insufficient',
    `保有ポイント（${balance.toLocaleString('ja-JP')}pt）を超えて減らすことはできません。`,
  );

/** The member's row, locked against a withdrawal for the rest of `tx`; refused if none or gone. */
async function activeMember(tx: Tx, memberId: number) {
  const [member] = await txRows<{ email: string | null; withdrawnAt: string | null }>(
    tx,
    sql`select email, withdrawn_at::text as "withdrawnAt" from members where id = ${memberId} for share`,
  );
  if (!member) throw MEMBER_NOT_FOUND();
  return member;
}

/**
 * Adds or takes points with a reason, as one `adjust` entry of the append-only ledger, and its
 * audit entry, in one transaction. The balance row is locked first (as debitPoints does), so two
 * adjustments of one member queue and the second sees what the first left: taking more than the
 * balance is refused (`points_insufficient`, nothing written), and the ledger trigger's CHECK
 * (balance >= 0) refuses it too should this check ever be wrong. An adjustment is not the
 * member's own earning or use: it does not move the expiry date (services/point-expiry.ts).
 * Adding past MAX_ADJUSTED_BALANCE is refused (`points_balance_limit`, nothing written).
 */
export async function adjustPoints(
  deps: AppDeps,
  memberId: number,
  input: PointAdjustment,
  actor: StaffActor,
): Promise<{ entry: AdminPointEntry; balance: number }> {
  const now = deps.now();
  try {
    return await deps.db.orm.transaction(async (tx) => {
      const member = await activeMember(tx, memberId);
      if (member.withdrawnAt !== null) {
        throw new ServiceError('member_withdrawn', '退会済みの会員のポイントは変更できません。');
      }
      const [locked] = await txRows<{ balance: number }>(
        tx,
        sql`select balance from point_balances where member_id = ${memberId} for update`,
      );
      const before = locked?.balance ?? 0;
      if (before + input.amount < 0) throw INSUFFICIENT(before);
      if (input.amount > 0 && before + input.amount > MAX_ADJUSTED_BALANCE) throw BALANCE_LIMIT();
      const [entry] = await txRows<AdminPointEntry>(
        tx,
        sql`insert into point_ledger (member_id, kind, amount, reason, created_at)
            values (${memberId}, 'adjust', ${input.amount}, ${input.reason}, ${now.toISOString()})
            returning ${LEDGER_COLUMNS}`,
      );
      if (!entry) throw new Error('point ledger insert returned no row');
      const balance = await pointBalance(tx, memberId);
      await recordAudit(
        tx,
        actor,
        {
          action: 'member.points_adjust',
          targetType: 'member',
          targetId: memberId,
          before: { pointBalance: before },
          after: {
            pointBalance: balance,
            ledgerEntryId: entry.id,
            amount: input.amount,
            reason: input.reason,
          },
        },
        now,
      );
      return { entry, balance };
    });
  } catch (error) {
    if (sqlState(error) === CHECK_VIOLATION) {
      throw INSUFFICIENT(await pointBalance(deps.db.orm, memberId));
    }
    throw error;
  }
}

/**
 * Lifts the member's lock-outs: forgets their login and takeover counters (failures and lock),
 * as a password reset forgets the login one. Audited with the counters as they were.
 */
export async function unlockMember(
  deps: AppDeps,
  memberId: number,
  actor: StaffActor,
): Promise<MemberLocks> {
  const now = deps.now();
  return deps.db.orm.transaction(async (tx) => {
    const member = await activeMember(tx, memberId);
    const before = await memberLocks(tx, memberId, member.email, now);
    const keys = lockKeys(memberId, member.email);
    await txRows(tx, sql`delete from throttle_counters where key in (${keys.list})`);
    const after = await memberLocks(tx, memberId, member.email, now);
    await recordAudit(
      tx,
      actor,
      { action: 'member.unlock', targetType: 'member', targetId: memberId, before, after },
      now,
    );
    return after;
  });
}
