import { sql } from 'drizzle-orm';
import type { createApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { OPERATOR_TOKEN } from './orders-app';

// Requests to the back office API (/api/admin/) as a staff member, and the audit log they leave.

/**
 * Sends a request to /api/admin/{path} with the staff bearer token (none when `token` is null),
 * `body` as JSON when given.
 */
export function adminRequest(
  app: ReturnType<typeof createApp>,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = OPERATOR_TOKEN,
) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.request(`/api/admin/${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

export interface AuditRow {
  actor: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/** The audit log's entries, oldest first (optionally only those of one action prefix). */
export async function auditEntries(db: Database, actionPrefix = ''): Promise<AuditRow[]> {
  return db.rows<AuditRow>(
    sql`select actor, action, target_type as "targetType", target_id as "targetId", before, after
        from audit_log where action like ${`${actionPrefix}%`} order by id`,
  );
}
