import * as z from 'zod';
import { positiveIntText } from '../schemas/params';

// The back office's lists (docs/backoffice.md, "Lists"): keyset pagination by id, newest first.
// `?limit=` 1-200 (default 50), `?cursor=` the previous page's `nextCursor`: an opaque string
// (base64url of the last id shown), so a page stays the same however many rows arrive meanwhile
// and the query is an index range scan at any depth.

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 200;

const CURSOR_MESSAGE = 'ページの指定が正しくありません。一覧を最初から表示し直してください。';

/** The id a cursor continues below, or undefined when the cursor is not one this API wrote. */
function decodeCursor(cursor: string): number | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text))
    ? Number(text)
    : undefined;
}

export function encodeCursor(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64url');
}

/** `limit` and `cursor` of a list's query, read into the last id seen (`after`) and a limit. */
export const listQueryFields = {
  limit: positiveIntText(3, `件数は1から${MAX_LIST_LIMIT}の整数で指定してください。`)
    .pipe(
      z.number().max(MAX_LIST_LIMIT, {
        error: `件数は1から${MAX_LIST_LIMIT}の整数で指定してください。`,
      }),
    )
    .optional()
    .transform((limit) => limit ?? DEFAULT_LIST_LIMIT)
    .meta({ description: `How many items (1-${MAX_LIST_LIMIT}, default ${DEFAULT_LIST_LIMIT})` }),
  cursor: z
    .string()
    .max(40, { error: CURSOR_MESSAGE })
    .transform((cursor, ctx) => {
      const after = decodeCursor(cursor);
      if (after === undefined) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return after ?? z.NEVER;
    })
    .optional()
    .meta({ description: "The previous page's `nextCursor`; none for the first page" }),
};

/** A page of a list: its items and the cursor of the next page, null on the last one. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  });
}

/**
 * The page of `rows` fetched with `limit + 1` (one more than shown tells whether a next page
 * exists), each row mapped to its item.
 */
export function toListPage<R extends { id: number }, T>(
  rows: R[],
  limit: number,
  toItem: (row: R) => T,
): ListPage<T> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last.id) : null,
  };
}
