import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamptz column read as ISO 8601 in UTC with milliseconds, exactly as
 * `Date.prototype.toISOString` writes it, whatever the session's TimeZone. Every instant the API
 * answers has this form (`::text` gave PostgreSQL's own `2026-11-20 03:00:00+00`).
 */
export function isoInstantSql(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}
