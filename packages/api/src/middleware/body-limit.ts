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
 * Routes whose bodies may be bigger, by lower-case method and literal path (no parameters), as
 * the OpenAPI document names operations.
 */
const LARGER_BODY_LIMITS: Readonly<Record<string, number>> = {
  // 4,000 characters of message (3 bytes each in UTF-8) and a 4,096-character bot-check token.
  'post /api/contact/': 64 * 1024,
  // The back office's 500 parcels a call: ~100 bytes a shipment, ~60 bytes a CSV row.
  'post /api/admin/orders/bulk/ship/': 64 * 1024,
  'post /api/admin/orders/tracking-csv/': 64 * 1024,
};

/** The body limit of one operation, in bytes: what the server enforces and the document says. */
export function bodyLimitOf(method: string, path: string): number {
  return LARGER_BODY_LIMITS[`${method.toLowerCase()} ${path}`] ?? DEFAULT_BODY_LIMIT;
}

/** `16 KB`, `64 KB`: a limit as the shopper's message shows it. */
function kilobytes(bytes: number): string {
  return `${Math.floor(bytes / 1024)} KB`;
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
          `送信された内容が大きすぎます（上限 ${kilobytes(maxSize)}）。内容を減らしてから、もう一度お試しください。`,
        );
      },
    })(c, next);
  };
}
