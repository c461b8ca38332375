import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * Which proxies in front of the shop may say who the client is (TRUST_PROXY), as Express's
 * `trust proxy` setting: none (the connection's peer is the client), the nearest `hops` proxies,
 * or the proxies whose addresses are in `proxies`.
 */
export type TrustProxy =
  | { readonly kind: 'none' }
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'addresses'; readonly proxies: BlockList };

/** Express's names for the private ranges a proxy in the same network has. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const TRUST_PROXY_FORMS =
  'TRUST_PROXY must be false, true (one proxy), a number of proxies, or a comma-separated list ' +
  'of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal';

function addRange(list: BlockList, range: string, spelled: string): void {
  const [address = '', prefix, ...rest] = range.split('/');
  const family = isIP(address);
  const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
  const max = family === 6 ? 128 : 32;
  if (family === 0 || rest.length > 0 || !/^\d*$/.test(prefix ?? '') || bits > max) {
    throw new Error(`${TRUST_PROXY_FORMS} (got ${spelled})`);
  }
  list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Parses TRUST_PROXY: unset, empty or `false`: no proxy; `true`: one proxy (the one in front of
 * the shop); a whole number: that many proxies; else a comma-separated list of the proxies'
 * addresses or CIDR ranges (or Express's names loopback, linklocal, uniquelocal). Anything else
 * (`on`, `yes`, a misspelt address) is refused at start rather than read as "no proxy".
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return { kind: 'none' };
  if (text === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? { kind: 'none' } : { kind: 'hops', hops };
  }
  const proxies = new BlockList();
  for (const entry of text.split(',').map((s) => s.trim())) {
    for (const range of NAMED_RANGES[entry] ?? [entry]) addRange(proxies, range, value ?? '');
  }
  return { kind: 'addresses', proxies };
}

/**
 * One address as a proxy or the socket reports it, in one spelling (an IPv4-mapped IPv6 address
 * is its IPv4 address, a port some proxies add is dropped), or undefined when it is no address.
 */
function canonical(raw: string | undefined): string | undefined {
  let text = raw?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1] as string;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text);
  if (withPort) text = withPort[1] as string;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped) text = mapped[1] as string;
  if (isIP(text) === 0) return undefined;
  return text.toLowerCase();
}

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

function isTrusted(trust: TrustProxy, address: string | undefined, position: number): boolean {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'hops':
      return position < trust.hops;
    case 'addresses':
      return (
        address !== undefined && trust.proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
      );
    default:
      return trust satisfies never;
  }
}

/** Who the client is, and whether trusted proxies said so (else it is the connection's peer). */
interface ResolvedClient {
  address: string | undefined;
  forwarded: boolean;
}

/**
 * The one place that decides who the client is. The request passed through a chain of addresses,
 * nearest first: the connection's peer, then the X-Forwarded-For entries from right to left,
 * each appended by the proxy before it. Walking that chain, an address is replaced by the one it
 * reports only while it is a trusted proxy; the entries further left are whatever the client
 * wrote, so they are never reached past an untrusted hop. An entry that is not an address ends
 * the walk too: the proxy that forwarded it stands in for the client.
 */
function resolveClient(c: Context, trust: TrustProxy): ResolvedClient {
  const env = c.env as NodeBindings | undefined;
  let address = canonical(env?.incoming?.socket?.remoteAddress);
  let forwarded = false;
  if (trust.kind === 'none') return { address, forwarded };
  const reported = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  for (const [position, entry] of reported.entries()) {
    if (!isTrusted(trust, address, position)) break;
    const next = canonical(entry);
    if (next === undefined) break;
    address = next;
    forwarded = true;
  }
  return { address, forwarded };
}

/**
 * The client's address, for per-address throttling (see resolveClient). Requests that reach the
 * app without a socket and without a trusted forwarded address (`app.request` in tests) share
 * the key `unknown`.
 */
export function clientAddress(c: Context, trustProxy: TrustProxy): string {
  return resolveClient(c, trustProxy).address ?? 'unknown';
}

/**
 * The IP filter's two sources (@shop/rules checkIpAddress), from the same decision as
 * clientAddress: [the address trusted proxies forwarded, the connection's peer when it is the
 * client itself]. Exactly one is set, so the filter checks the client and never a proxy.
 */
export function addressSources(
  c: Context,
  trustProxy: TrustProxy,
): [forwarded: string | undefined, peer: string | undefined] {
  const { address, forwarded } = resolveClient(c, trustProxy);
  return forwarded ? [address, undefined] : [undefined, address];
}
