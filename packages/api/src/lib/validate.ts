import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type * as z from 'zod';
import { ApiError, type ErrorDetail, MESSAGES } from '../errors';
import { markValidator } from './route-doc';

const TARGET_LABELS: Partial<Record<keyof ValidationTargets, string>> = {
  param: 'URL',
  query: 'クエリパラメータ',
  json: 'リクエスト本文',
};

/**
 * The machine code a rule gave its refusal (`params: { code }`: @shop/rules' address codes,
 * `invalid_characters` and `card_number` of a free-text field), so a client can tell a card
 * number from a typo without reading the Japanese.
 */
function issueCode(params: unknown): string | undefined {
  const code = (params as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The path of the first string in `value` (a validated request part: objects, arrays, strings)
 * holding U+0000, which a PostgreSQL text value can never store: the query or insert would fail
 * with `invalid byte sequence` (a 500) wherever a schema lets a raw string through.
 */
function nulPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export const NUL_MESSAGE = '使用できない文字が含まれています';

/**
 * zod validation of one part of the request. A failure becomes a 400 `invalid_<target>` with a
 * Japanese message and the offending fields (with the rule's code where it gave one), thrown to
 * the app's onError so no handler ever sees bad input. A string the schema accepted that
 * still holds U+0000 is refused the same way (code `invalid_characters` in its detail), so no
 * route's raw `z.string()` can take a NUL byte to the database. The middleware carries the schema, which
 * the OpenAPI document reads (lib/route-doc.ts).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const validator = zValidator(target, schema, (result) => {
    const where = TARGET_LABELS[target] ?? target;
    if (result.success) {
      const nul = nulPath(result.data);
      if (nul === undefined) return;
      throw new ApiError(400, `invalid_${target}`, `${MESSAGES.invalidRequest}（${where}）`, [
        { path: nul.join('.') || target, code: 'invalid_characters', message: NUL_MESSAGE },
      ]);
    }
    const details = result.error.issues.map((issue): ErrorDetail => {
      const path = issue.path.map(String).join('.') || target;
      const code = issue.code === 'custom' ? issueCode(issue.params) : undefined;
      return code === undefined
        ? { path, message: issue.message }
        : { path, code, message: issue.message };
    });
    throw new ApiError(400, `invalid_${target}`, `${MESSAGES.invalidRequest}（${where}）`, details);
  });
  return markValidator(validator, target, schema);
}
