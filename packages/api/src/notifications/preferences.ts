import {
  canOptOut,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKindName,
} from '@shop/rules';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notificationOptOuts } from '../db/schema/notifications';
import { ServiceError } from '../services/service-error';
import { optOut } from './unsubscribe';

/** One kind of mail as the member's メール配信設定 shows it. */
export interface MailPreference {
  kind: NotificationKindName;
  label: string;
  /** Always sent: the member cannot turn it off. */
  essential: boolean;
  /** Whether the member gets it (always true for an essential kind). */
  enabled: boolean;
}

/** Every kind of mail with whether this member gets it, in @shop/rules' order. */
export async function mailPreferences(
  db: Pick<Database, 'orm'>,
  memberId: number,
): Promise<MailPreference[]> {
  const rows = await db.orm
    .select({ kind: notificationOptOuts.kind })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.memberId, memberId));
  const off = new Set(rows.map((r) => r.kind));
  return NOTIFICATION_KIND_NAMES.map((kind) => ({
    kind,
    label: NOTIFICATION_KINDS[kind].label,
    essential: !canOptOut(kind),
    enabled: !canOptOut(kind) || !off.has(kind),
  }));
}

/**
 * Turns one kind on or off for a member (idempotent). An essential kind cannot be turned off:
 * 400 `notification_essential`, nothing changes.
 */
export async function setMailPreference(
  db: Database,
  memberId: number,
  kind: NotificationKindName,
  enabled: boolean,
): Promise<MailPreference[]> {
  if (!canOptOut(kind)) {
    if (!enabled) {
      throw new ServiceError(
        'notification_essential',
        `「${NOTIFICATION_KINDS[kind].label}」はご注文やアカウントに関わる大切なお知らせのため、配信を停止できません。`,
      );
    }
    return mailPreferences(db, memberId);
  }
  if (enabled) {
    await db.orm
      .delete(notificationOptOuts)
      .where(and(eq(notificationOptOuts.memberId, memberId), eq(notificationOptOuts.kind, kind)));
  } else {
    await optOut(db, memberId, kind);
  }
  return mailPreferences(db, memberId);
}
