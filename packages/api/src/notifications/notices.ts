import { isNotificationKind, NOTIFICATION_KINDS, type NotificationKindName } from '@shop/rules';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { memberNotices } from '../db/schema/notifications';

// The member's お知らせ in /mypage: what the shop mailed them (member_notices, written with each
// mail to a member in outbox.ts), newest first, with the count of unread ones for the header.

/** Notices on one page of /mypage's お知らせ. */
export const NOTICES_PER_PAGE = 20;

export interface MemberNotice {
  id: number;
  kind: NotificationKindName;
  /** The kind's Japanese name, e.g. 発売延期のお知らせ. */
  title: string;
  createdAt: string;
  read: boolean;
}

export interface NoticePage {
  notices: MemberNotice[];
  page: number;
  totalPages: number;
  unreadCount: number;
}

/** How many notices the member has not read (the header's badge). */
export async function unreadNoticeCount(
  db: Pick<Database, 'orm'>,
  memberId: number,
): Promise<number> {
  const [row] = await db.orm
    .select({ n: count() })
    .from(memberNotices)
    .where(and(eq(memberNotices.memberId, memberId), isNull(memberNotices.readAt)));
  return row?.n ?? 0;
}

/** One page of the member's notices, newest first. */
export async function listNotices(
  db: Pick<Database, 'orm'>,
  memberId: number,
  page: number,
): Promise<NoticePage> {
  const [total] = await db.orm
    .select({ n: count() })
    .from(memberNotices)
    .where(eq(memberNotices.memberId, memberId));
  const rows = await db.orm
    .select()
    .from(memberNotices)
    .where(eq(memberNotices.memberId, memberId))
    .orderBy(desc(memberNotices.id))
    .limit(NOTICES_PER_PAGE)
    .offset((page - 1) * NOTICES_PER_PAGE);
  const notices = rows.flatMap((r) =>
    isNotificationKind(r.kind)
      ? [
          {
            id: r.id,
            kind: r.kind,
            title: NOTIFICATION_KINDS[r.kind].label,
            createdAt: r.createdAt.toISOString(),
            read: r.readAt !== null,
          },
        ]
      : [],
  );
  return {
    notices,
    page,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / NOTICES_PER_PAGE)),
    unreadCount: await unreadNoticeCount(db, memberId),
  };
}

/** Marks every notice of the member read (opening お知らせ clears the badge); twice is once. */
export async function markNoticesRead(
  db: Pick<Database, 'orm'>,
  memberId: number,
  now: Date,
): Promise<void> {
  await db.orm
    .update(memberNotices)
    .set({ readAt: now })
    .where(and(eq(memberNotices.memberId, memberId), isNull(memberNotices.readAt)));
}
