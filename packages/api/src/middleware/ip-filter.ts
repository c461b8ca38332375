import type { IncomingMessage } from 'node:http';
import { checkIpAddress } from '@shop/rules';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config';
import { ApiError } from '../errors';

/** The connection's peer address, when the request came through @hono/node-server. */
function peerAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * The IP address filter (SPEC section 6), off unless IP_FILTER_ENABLED. @shop/rules
 * checkIpAddress decides on the two address sources, X-Forwarded-For as sent (the rule reads its
 * entry added by the nearest proxy) and the connection's peer, and gives the 403 message ending
 * (1) or (2) for the source that failed.
 */
export function ipFilter(config: AppConfig['ipFilter']): MiddlewareHandler {
  return async (c, next) => {
    if (config.enabled) {
      const result = checkIpAddress(config, [c.req.header('x-forwarded-for'), peerAddress(c)]);
      if (!result.ok) throw new ApiError(403, 'ip_forbidden', result.message);
    }
    await next();
  };
}
