import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { loadAccountConfig } from '../config/accounts';
import { loadConfig } from '../config/app';
import { type ApiError, errorResponse } from '../errors';
import { checkedAddressSources, ipFilter } from '../middleware/ip-filter';
import { addressSources, clientAddress, parseTrustProxy, type TrustProxy } from './client-address';

/** What the app makes of a request from `peer` carrying X-Forwarded-For `forwarded`. */
async function seen(trust: TrustProxy, peer: string | undefined, forwarded?: string) {
  const app = new Hono().get('/', (c) =>
    c.json({ address: clientAddress(c, trust), sources: addressSources(c, trust) }),
  );
  const headers: Record<string, string> = forwarded ? { 'x-forwarded-for': forwarded } : {};
  const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  const res = await app.request('/', { headers }, env);
  return (await res.json()) as { address: string; sources: [string | null, string | null] };
}

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.9';

describe('parseTrustProxy (TRUST_PROXY)', () => {
  test('true is one proxy, a number that many, false, 0 or unset none', () => {
    expect(parseTrustProxy('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    for (const off of [undefined, '', 'false', '0']) {
      expect(parseTrustProxy(off), String(off)).toEqual({ kind: 'none' });
    }
  });

  test('a list of addresses, CIDR ranges and named ranges trusts exactly those proxies', async () => {
    const trust = parseTrustProxy('10.0.0.0/8, 2001:db8::1, loopback');
    expect(trust.kind).toBe('addresses');
    expect((await seen(trust, '10.9.9.9', CLIENT)).address).toBe(CLIENT);
    expect((await seen(trust, '2001:db8::1', CLIENT)).address).toBe(CLIENT);
    expect((await seen(trust, '::ffff:127.0.0.1', CLIENT)).address).toBe(CLIENT);
    expect((await seen(trust, '11.0.0.1', CLIENT)).address).toBe('11.0.0.1');
  });

  test('refuses at start what it does not understand instead of reading it as off', () => {
    for (const value of [
      'on',
      'yes',
      'off',
      'TRUE',
      '10.0.0.0/33',
      '10.0.0.1/8/8',
      'proxy.example',
      '-1',
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
      expect(() => loadAccountConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  test('the other on/off settings refuse unknown spellings too', () => {
    expect(() => loadAccountConfig({ COOKIE_SECURE: 'on' })).toThrow(/COOKIE_SECURE/);
    expect(() => loadConfig({ IP_FILTER_ENABLED: 'yes' })).toThrow(/IP_FILTER_ENABLED/);
    expect(loadConfig({ IP_FILTER_ENABLED: '1' }).ipFilter.enabled).toBe(true);
    expect(loadAccountConfig({ COOKIE_SECURE: 'false' }).secureCookie).toBe(false);
  });
});

describe('clientAddress', () => {
  test('behind one proxy, the client is the entry that proxy appended, not the first', async () => {
    expect((await seen(parseTrustProxy('true'), PROXY, `198.51.100.77, ${CLIENT}`)).address).toBe(
      CLIENT,
    );
  });

  test('a client cannot claim a fresh address per request through an appending proxy', async () => {
    const trust = parseTrustProxy('1');
    const addresses = new Set<string>();
    for (let i = 0; i < 20; i++) {
      addresses.add((await seen(trust, PROXY, `198.51.100.${i}, ${CLIENT}`)).address);
    }
    expect([...addresses]).toEqual([CLIENT]);
  });

  test('two proxies: the entry the outer proxy appended', async () => {
    const chain = `198.51.100.77, ${CLIENT}, 10.0.0.3`;
    expect((await seen(parseTrustProxy('2'), PROXY, chain)).address).toBe(CLIENT);
    // Trusted by address: the walk stops at the first address that is no proxy of ours.
    expect((await seen(parseTrustProxy('10.0.0.0/8'), PROXY, chain)).address).toBe(CLIENT);
  });

  test('X-Forwarded-For is ignored from a peer that is no trusted proxy', async () => {
    expect((await seen(parseTrustProxy('false'), '198.51.100.4', CLIENT)).address).toBe(
      '198.51.100.4',
    );
    expect((await seen(parseTrustProxy('10.0.0.0/8'), '198.51.100.4', CLIENT)).address).toBe(
      '198.51.100.4',
    );
  });

  test('an entry that is no address is never the client: the proxy that sent it stands in', async () => {
    const trust = parseTrustProxy('1');
    expect((await seen(trust, PROXY, 'unknown')).address).toBe(PROXY);
    expect((await seen(trust, PROXY, `x${'a'.repeat(500)}`)).address).toBe(PROXY);
    // More trusted hops than entries: the leftmost entry, as Express does.
    expect((await seen(parseTrustProxy('3'), PROXY, CLIENT)).address).toBe(CLIENT);
  });

  test('one spelling per address: IPv4-mapped IPv6, ports and brackets', async () => {
    expect((await seen(parseTrustProxy('false'), `::ffff:${CLIENT}`)).address).toBe(CLIENT);
    expect((await seen(parseTrustProxy('1'), PROXY, `${CLIENT}:51234`)).address).toBe(CLIENT);
    expect((await seen(parseTrustProxy('1'), PROXY, '[2001:DB8::7]:443')).address).toBe(
      '2001:db8::7',
    );
  });

  test('without a socket or a trusted forwarded address the key is `unknown`', async () => {
    expect((await seen(parseTrustProxy('false'), undefined, CLIENT)).address).toBe('unknown');
  });

  test("the IP filter's sources: the forwarded client, or the peer when it is the client", async () => {
    expect((await seen(parseTrustProxy('1'), PROXY, `198.51.100.77, ${CLIENT}`)).sources).toEqual([
      CLIENT,
      null,
    ]);
    expect((await seen(parseTrustProxy('false'), '198.51.100.4', CLIENT)).sources).toEqual([
      null,
      '198.51.100.4',
    ]);
  });
});

describe('the IP filter judges the same client as the throttles', () => {
  const filtered = (trust: TrustProxy) =>
    new Hono()
      .use(ipFilter({ enabled: true, allowedAddress: CLIENT }, trust, () => true))
      .get('/', (c) => c.json({ sources: checkedAddressSources(c) }))
      .onError((error, c) => errorResponse(c, error as ApiError));

  async function answer(trust: TrustProxy, peer: string, forwarded?: string) {
    const headers: Record<string, string> = forwarded ? { 'x-forwarded-for': forwarded } : {};
    const res = await filtered(trust).request(
      '/',
      { headers },
      {
        incoming: { socket: { remoteAddress: peer } },
      },
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  test('lets the allowed client through a trusted proxy (the proxy itself is not checked)', async () => {
    const through = await answer(parseTrustProxy('1'), PROXY, `198.51.100.77, ${CLIENT}`);
    expect(through).toEqual({ status: 200, body: { sources: [CLIENT, null] } });
  });

  test('refuses another client behind the proxy, whatever it writes first, with (1)', async () => {
    const refused = await answer(parseTrustProxy('1'), PROXY, `${CLIENT}, 198.51.100.4`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: { code: 'ip_forbidden', message: 'お使いの環境は権限がありません。(1)' },
    });
  });

  test('refuses a direct client claiming the allowed address with (2)', async () => {
    const refused = await answer(parseTrustProxy('false'), '198.51.100.4', CLIENT);
    expect(refused.body).toMatchObject({
      error: { code: 'ip_forbidden', message: 'お使いの環境は権限がありません。(2)' },
    });
    expect((await answer(parseTrustProxy('false'), CLIENT)).status).toBe(200);
  });

  test('a server mounted behind it (the storefront) reads the sources it checked', async () => {
    const storefront = new Hono().get('*', (c) => c.json({ page: checkedAddressSources(c) }));
    const app = new Hono()
      .use(ipFilter({ enabled: true, allowedAddress: CLIENT }, parseTrustProxy('1'), () => true))
      .all('*', (c) => storefront.fetch(c.req.raw, c.env));
    const res = await app.request(
      '/cart',
      { headers: { 'x-forwarded-for': `198.51.100.77, ${CLIENT}` } },
      { incoming: { socket: { remoteAddress: PROXY } } },
    );
    expect(await res.json()).toEqual({ page: [CLIENT, null] });
  });

  test('a request the filter never saw has no sources (the storefront fails closed)', () => {
    const c = { env: {} } as Parameters<typeof checkedAddressSources>[0];
    expect(checkedAddressSources(c)).toEqual([undefined, undefined]);
  });
});
