import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/app';
import type { Database } from '../../src/db/client';
import { openTestShop, type TestShop } from './database';
import { bearerRequest, OPERATOR_TOKEN } from './orders-app';

// Requests to the back office API (/api/admin/) as a staff member, and the audit log they leave.

/**
 * The test shop of a test file whose operator token is OPERATOR_TOKEN (the staff bearer token
 * of adminRequest and STAFF_AUTH), opened before its tests and closed after them (vitest hooks of
 * the calling file); its fields are there once the file's `beforeAll` hooks have run.
 */
export function adminTestShop(): TestShop {
  const shop = {} as TestShop;
  beforeAll(async () => {
    const base = loadConfig({});
    Object.assign(
      shop,
      await openTestShop({
        config: { commerce: { ...base.commerce, operatorToken: OPERATOR_TOKEN } },
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await shop.close?.();
  });
  return shop;
}

/** The staff bearer token's header, for requests built by hand (uploads, downloads). */
export const STAFF_AUTH = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/** Sends a request to /api/admin/{path} with the staff bearer token (see `bearerRequest`). */
export function adminRequest(
  app: ReturnType<typeof createApp>,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = OPERATOR_TOKEN,
) {
  return bearerRequest(app, method, `/api/admin/${path}`, body, token);
}

/** The answer's JSON body, after checking its status (the body shows when the status is wrong). */
export async function json<T>(res: Response, status: number): Promise<T> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
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
