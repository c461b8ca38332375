import { ApiError } from '../errors';

// The keyset of the back office's order list: newest first by (placed_at, id), so two orders
// placed in the same microsecond still have one place each. The cursor is the last row's key,
// opaque to clients (base64url of JSON); the instant keeps PostgreSQL's microseconds, which
// toISOString's milliseconds would round away.

/** The key of the last order of a page: the next page starts strictly after it. */
export interface OrderCursor {
  /** placed_at in UTC with microseconds, `2026-11-20T03:00:00.123456Z`. */
  placedAt: string;
  id: number;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeOrderCursor(cursor: OrderCursor): string {
  return Buffer.from(JSON.stringify([cursor.placedAt, cursor.id])).toString('base64url');
}

/** The cursor a client sent back, or 400 `invalid_cursor` for anything the list did not give. */
export function decodeOrderCursor(text: string): OrderCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'string' &&
    INSTANT.test(value[0]) &&
    Number.isSafeInteger(value[1]) &&
    value[1] > 0
  ) {
    return { placedAt: value[0], id: value[1] as number };
  }
  throw new ApiError(
    400,
    'invalid_cursor',
    '一覧の続きを読み込めませんでした。最初のページから開き直してください。',
  );
}
