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

/**
 * recordAudit for a service that staff and the shop itself both call (the operator API and CLI,
 * a scheduled job): the entry is recorded when a staff member acted, and nothing otherwise.
 */
export async function auditIfStaff(
  tx: Tx,
  actor: StaffActor | undefined,
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  if (actor !== undefined) await recordAudit(tx, actor, entry, at);
}

/**
 * The fields of `after` whose value differs from `before`, as the audit log keeps an edit: each
 * side with those fields only (both empty when the edit changed nothing: a PATCH is still one
 * write, one entry).
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return { before: was, after: is };
}

/** Whether a changedFields answer found no field changed. */
export const changesNothing = (change: { after: object }) => Object.keys(change.after).length === 0;
