import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The shop's staff and what they did (src/staff/). docs/backoffice.md tells how they fit.

/**
 * The audit log: one row per staff write (who, what, on which record, before and after, when).
 * Append-only: a trigger (migration 0024) refuses UPDATE and DELETE, so not even the application
 * can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The staff account that acted; null for the legacy OPERATOR_TOKEN. */
    staffId: integer('staff_id'),
    /** Who acted as shown to a reader: the staff member's name (kept if the account goes). */
    actor: text('actor').notNull(),
    /** What was done, `area.verb` (`order.ship`, `product.update`, `staff.create`). */
    action: text('action').notNull(),
    /** The kind of record acted on (`order`, `product`, `member`, ...) and its id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The record's relevant fields before and after the write (null for a creation/deletion). */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.at.desc()).where(sql`${t.staffId} IS NOT NULL`),
  ],
);
