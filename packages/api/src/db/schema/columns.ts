import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

// Column shapes every area's tables share, written once so that a table says what a column is
// (an instant, a row owned by another) rather than how PostgreSQL spells it.

/** An instant: `timestamp with time zone` (the shop never stores a wall-clock time without one). */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was written: `created_at`, required, now unless the insert says otherwise. */
export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow();
}

/** When the row last changed: `updated_at`, required, now on insert (an update sets it itself). */
export function updatedAt() {
  return timestamptz('updated_at').notNull().defaultNow();
}

/**
 * The owner of a row that is part of it (a member's address, a staff member's session, a
 * showcase's product): an integer id, required, and the row is deleted with its owner.
 */
export function ownedBy(name: string, owner: () => AnyPgColumn) {
  return integer(name).notNull().references(owner, { onDelete: 'cascade' });
}
