import { checkIpAddress } from '@shop/rules';
import type { Context, MiddlewareHandler } from 'hono';
import { addressSources, type TrustProxy } from '../accounts/client-address';
import type { AppConfig } from '../config/app';
import { ApiError } from '../errors';

type Sources = ReturnType<typeof addressSources>;

/**
 * The sources each request was checked on, by its Node bindings (`c.env`), which a server
 * mounted behind the API app receives with the request (examples/storefront/server/main.ts).
 */
const checked = new WeakMap<object, Sources>();

/**
 * The IP address filter (docs/spec.md §6), off unless IP_FILTER_ENABLED. @shop/rules
 * checkIpAddress decides on the two address sources, which accounts/client-address.ts derives
 * from the same TRUST_PROXY decision as every per-address throttle: the client's address as
 * trusted proxies forwarded it (a 403 ending (1) when it is not the allowed one), or the
 * connection's peer when no trusted proxy stands in front (ending (2)).
 *
 * It refuses, with the API's JSON error, only the paths `refuses` names (the API's own). Every
 * other path is the storefront's, mounted behind: its page guard (@shop/rules guardNavigation:
 * route check, then this same filter on the sources recorded here, then redirects) answers a
 * refused shopper with its error screen, and an unknown path with 404 before the filter.
 */
export function ipFilter(
  config: AppConfig['ipFilter'],
  trustProxy: TrustProxy,
  refuses: (path: string) => boolean,
): MiddlewareHandler {
  return async (c, next) => {
    const sources = addressSources(c, trustProxy);
    if (typeof c.env === 'object' && c.env !== null) checked.set(c.env, sources);
    if (config.enabled && refuses(c.req.path)) {
      const result = checkIpAddress(config, sources);
      if (!result.ok) throw new ApiError(403, 'ip_forbidden', result.message);
    }
    await next();
  };
}

/**
 * The address sources the API app's IP filter checked for this request, for the storefront's
 * page guard, which runs behind it and must judge the same client. A request the API app never
 * saw has no sources, which the filter refuses: nothing vouches for it.
 */
export function checkedAddressSources(c: Context): Sources {
  const env = c.env as object | undefined;
  return (env && checked.get(env)) ?? [undefined, undefined];
}
