import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type * as z from 'zod';
import { ApiError, MESSAGES } from '../errors';

const TARGET_LABELS: Partial<Record<keyof ValidationTargets, string>> = {
  param: 'URL',
  query: 'クエリパラメータ',
  json: 'リクエスト本文',
};

/**
 * zod validation of one part of the request. A failure becomes a 400 `invalid_<target>` with a
 * Japanese message and the offending fields, thrown to the app's onError so no handler ever
 * sees bad input.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const details = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || target,
      message: issue.message,
    }));
    const where = TARGET_LABELS[target] ?? target;
    throw new ApiError(400, `invalid_${target}`, `${MESSAGES.invalidRequest}（${where}）`, details);
  });
}
