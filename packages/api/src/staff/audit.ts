import { auditLog } from '../db/schema';
import type { Tx } from '../db/tx';
import type { StaffActor } from './access';

/** One staff write, as the audit log keeps it. */
export interface AuditEntry {
  /** `area.verb`: `order.ship`, `product.update`, `member.points_adjust`, `staff.create`. */
  action: string;
  targetType: string;
  targetId: string | number | null;
  /** The fields the write changed, before and after (null for a creation or a deletion). */
  before: unknown;
  after: unknown;
}

/**
 * Records one staff write in the audit log, in the SAME transaction as the write, so a write and
 * its entry land together or not at all (exactly one entry per write).
 */
export async function recordAudit(
  tx: Tx,
  actor: StaffActor,
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  await tx.insert(auditLog).values({
    at,
    staffId: actor.staffId,
    actor: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
