import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../errors';

/**
 * The most bytes a request body may have: every JSON body the shop takes fits with room to spare
 * (the largest besides a contact message, an address with every field at its longest, stays
 * under 2 KiB even with each character as a six-byte `\uXXXX` escape).
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * Routes whose bodies may be bigger, by lower-case method and path as the OpenAPI document names
 * operations (`{id}` matches one path segment).
 */
const LARGER_BODY_LIMITS: Readonly<Record<string, number>> = {
  // 4,000 characters of message (3 bytes each in UTF-8) and a 4,096-character bot-check token.
  'post /api/contact/': 64 * 1024,
  // A product CSV of MAX_IMPORT_ROWS (5,000) rows of about 1 KB, with room for long descriptions.
  'post /api/admin/products/import/': 16 * 1024 * 1024,
  // A cover image as a camera or a publisher's press kit gives it (admin/catalog-cover.ts).
  'put /api/admin/products/{id}/cover/': 10 * 1024 * 1024,
};

/** Each larger limit with a pattern matching its path, template or request path alike. */
const LARGER_BODY_PATTERNS = Object.entries(LARGER_BODY_LIMITS).map(([operation, limit]) => {
  const [method, path] = operation.split(' ') as [string, string];
  const parts = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return { method, pattern: new RegExp(`^${parts.join('[^/]+')}$`), limit };
});

/** The body limit of one operation, in bytes: what the server enforces and the document says. */
export function bodyLimitOf(method: string, path: string): number {
  const lower = method.toLowerCase();
  return (
    LARGER_BODY_PATTERNS.find((entry) => entry.method === lower && entry.pattern.test(path))
      ?.limit ?? DEFAULT_BODY_LIMIT
  );
}

/** `16 KB`, `64 KB`, `10 MB`: a limit as the shopper's message shows it. */
function byteSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.floor(bytes / 1024 / 1024)} MB`
    : `${Math.floor(bytes / 1024)} KB`;
}

/**
 * Refuses a request body over its route's limit with 413 `payload_too_large`, before anything
 * reads it: at once by its Content-Length, and while it streams in when it has none (chunked
 * transfer encoding), so at most the limit is ever held in memory. Mounted for every path.
 */
export function limitRequestBodies(): MiddlewareHandler {
  return (c, next) => {
    const maxSize = bodyLimitOf(c.req.method, c.req.path);
    return bodyLimit({
      maxSize,
      onError: () => {
        throw new ApiError(
          413,
          'payload_too_large',
          `送信された内容が大きすぎます（上限 ${byteSize(maxSize)}）。内容を減らしてから、もう一度お試しください。`,
        );
      },
    })(c, next);
  };
}
