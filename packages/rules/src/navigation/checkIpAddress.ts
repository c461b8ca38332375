import { canonicalIpAddress } from './_lib/ipAddress';

/**
 * The IP address filter's configuration (disabled by default in the API).
 *
 * @example
 * const config: IpFilterConfig = { enabled: true, allowedAddress: '203.0.113.7' };
 */
export interface IpFilterConfig {
  readonly enabled: boolean;
  /** The single address allowed through while the filter is enabled. */
  readonly allowedAddress: string;
}

/**
 * A request's two address sources: [forwarded client address, connection's peer address].
 *
 * @example
 * const sources: AddressSources = [request.headers.get('x-forwarded-for'), peerAddress];
 */
export type AddressSources = readonly [
  first: string | null | undefined,
  second: string | null | undefined,
];

/**
 * The outcome of the IP filter.
 *
 * @example
 * const result: IpCheckResult = checkIpAddress(config, sources);
 * if (!result.ok) return c.json({ code: result.reason, message: result.message }, result.status);
 */
export type IpCheckResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly status: 403;
      readonly reason: 'first-address-denied' | 'second-address-denied';
      readonly message:
        | 'お使いの環境は権限がありません。(1)'
        | 'お使いの環境は権限がありません。(2)';
    };

const DENIED = {
  1: {
    ok: false,
    status: 403,
    reason: 'first-address-denied',
    message: 'お使いの環境は権限がありません。(1)',
  },
  2: {
    ok: false,
    status: 403,
    reason: 'second-address-denied',
    message: 'お使いの環境は権限がありません。(2)',
  },
} as const satisfies Record<1 | 2, IpCheckResult>;

const isAbsent = (source: string | null | undefined): source is null | undefined | '' =>
  source === null || source === undefined || source.trim() === '';

/**
 * The IP address filter of docs/spec.md §6: while enabled, each of the two sources must be the
 * allowed address, else 403 with message '(1)' (first source) or '(2)' (second), first checked
 * first. Addresses compare in canonical form (IPv4-mapped IPv6 `::ffff:1.2.3.4` equals
 * `1.2.3.4`; `2001:db8::1` equals `2001:0db8:0:0:0:0:0:1`; ports and brackets ignored; a comma
 * list gives its rightmost entry). An absent source is skipped (no proxy in front means no
 * forwarded address), but with both absent the request is denied with '(1)'. Anything that is
 * not an address, or an invalid allowed address, is denied: the filter fails closed.
 *
 * @example
 * checkIpAddress({ enabled: true, allowedAddress: '203.0.113.7' }, ['203.0.113.7', '::ffff:203.0.113.7']);
 * // { ok: true }
 * checkIpAddress({ enabled: true, allowedAddress: '203.0.113.7' }, ['198.51.100.1', '203.0.113.7']);
 * // { ok: false, status: 403, reason: 'first-address-denied', message: 'お使いの環境は権限がありません。(1)' }
 */
export function checkIpAddress(config: IpFilterConfig, sources: AddressSources): IpCheckResult {
  if (!config.enabled) return { ok: true };
  const [first, second] = sources;
  if (isAbsent(first) && isAbsent(second)) return DENIED[1];
  const allowed = canonicalIpAddress(config.allowedAddress);
  for (const [index, source] of [first, second].entries()) {
    if (isAbsent(source)) continue;
    const address = canonicalIpAddress(source);
    if (allowed === null || address === null || address !== allowed) {
      return DENIED[index === 0 ? 1 : 2];
    }
  }
  return { ok: true };
}
