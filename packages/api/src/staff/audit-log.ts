import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { auditLog } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { auditQuerySchema } from './schemas';

// Reading the audit log: newest first, filtered, one page at a time by keyset (the last entry's
// time and id), so a page deep in a long history costs what the first one does.

const MESSAGES = { cursor: 'ページの指定が正しくありません。最初のページから読み直してください。' };

interface Position {
  at: Date;
  id: number;
}

function encodeCursor(position: Position): string {
  return Buffer.from(`${position.at.toISOString()}|${position.id}`).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const position = { at: new Date(at ?? ''), id: Number(id) };
  if (Number.isNaN(position.at.getTime()) || !Number.isSafeInteger(position.id)) {
    throw new ApiError(400, 'invalid_cursor', MESSAGES.cursor);
  }
  return position;
}

export async function readAuditLog(deps: AppDeps, query: z.infer<typeof auditQuerySchema>) {
  const a = auditLog;
  const conditions: SQL[] = [];
  if (query.staffId !== undefined) conditions.push(eq(a.staffId, query.staffId));
  if (query.targetType !== undefined) conditions.push(eq(a.targetType, query.targetType));
  if (query.targetId !== undefined) conditions.push(eq(a.targetId, query.targetId));
  if (query.action !== undefined) conditions.push(eq(a.action, query.action));
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor);
    const older = or(lt(a.at, after.at), and(eq(a.at, after.at), lt(a.id, after.id)));
    if (older) conditions.push(older);
  }
  const rows = await deps.db.orm
    .select()
    .from(a)
    .where(and(...conditions))
    .orderBy(desc(a.at), desc(a.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      staffId: row.staffId,
      actor: row.actor,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
