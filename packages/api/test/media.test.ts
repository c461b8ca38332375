import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { imageUrl, largeThumbnailUrl } from '@shop/rules';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/accounts/client-address';
import { API_PATH_PREFIXES, createApp, isApiPath } from '../src/app';
import { openTestShop, type TestShop, testConfig } from './support/database';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const COVER = '/covers/040000000001_240.png';

describe('image endpoint', () => {
  it('resizes and re-encodes a catalog cover to the requested width and format', async () => {
    const response = await shop.request(imageUrl(COVER, { width: 320, format: 'webp' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320 });
  });

  it('serves the second request from the disk cache, byte for byte', async () => {
    const url = imageUrl(largeThumbnailUrl(COVER), { width: 640, quality: 80, format: 'jpeg' });
    const first = Buffer.from(await (await shop.request(url)).arrayBuffer());
    const cacheDir = join(shop.deps.config.dataDir, 'image-cache');
    const files = readdirSync(cacheDir, { recursive: true }).filter((f) =>
      String(f).endsWith('.jpeg'),
    );
    expect(files.length).toBe(1);
    const second = Buffer.from(await (await shop.request(url)).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    expect((await sharp(first).metadata()).format).toBe('jpeg');
  });

  it('serves the source covers themselves', async () => {
    const response = await shop.request(COVER);
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(240);
  });

  it.each([
    ['/_image?w=320', 400, 'image_missing-url'],
    [`/_image?url=${encodeURIComponent(COVER)}&w=333`, 400, 'image_invalid-width'],
    [`/_image?url=${encodeURIComponent(COVER)}&w=320&q=0`, 400, 'image_invalid-quality'],
    [`/_image?url=${encodeURIComponent(COVER)}&w=320&f=gif`, 400, 'image_invalid-format'],
  ])('rejects %s with %i %s', async (path, status, code) => {
    const response = await shop.request(path);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  it.each([
    'https://example.com/cat.png',
    '/covers/049999999999_240.png',
    '/etc/passwd',
    '/covers/../secret.png',
  ])('is no open proxy: %s is not served', async (src) => {
    const cached = () => {
      const dir = join(shop.deps.config.dataDir, 'image-cache');
      return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
    };
    const before = cached();
    const response = await shop.request(imageUrl(src, { width: 320 }));
    expect(response.status).toBe(404);
    expect(cached()).toBe(before);
  });
});

describe('build metadata', () => {
  it('names the current build and describes it', async () => {
    const latest = await shop.request('/_app/builds/latest.json?t=1700000000000');
    expect(latest.headers.get('cache-control')).toContain('no-store');
    expect(await latest.json()).toEqual({
      id: 'test-build',
      timestamp: shop.deps.config.build.timestamp,
    });
    const meta = await shop.request('/_app/builds/meta/test-build.json');
    expect(meta.status).toBe(200);
    expect(await meta.json()).toMatchObject({ id: 'test-build' });
    expect((await shop.request('/_app/builds/meta/other.json')).status).toBe(404);
  });
});

describe('IP address filter', () => {
  const allowed = '203.0.113.7';
  const filtered = (trustProxy = 'false') =>
    createApp({
      ...shop.deps,
      config: testConfig({
        ipFilter: { enabled: true, allowedAddress: allowed },
        accounts: { ...shop.deps.config.accounts, trustProxy: parseTrustProxy(trustProxy) },
      }),
    });
  const peer = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

  it('is off by default', async () => {
    expect(
      (await shop.request('/api/health/', { headers: { 'x-forwarded-for': '198.51.100.1' } }))
        .status,
    ).toBe(200);
  });

  it('lets the allowed address through, directly or forwarded by a trusted proxy', async () => {
    const direct = await filtered().request('/api/health/', {}, peer(`::ffff:${allowed}`));
    expect(direct.status).toBe(200);
    const forwarded = await filtered('1').request(
      '/api/health/',
      { headers: { 'x-forwarded-for': allowed } },
      peer('10.0.0.2'),
    );
    expect(forwarded.status).toBe(200);
  });

  it('answers 403 (1) when the address a trusted proxy forwarded is another one', async () => {
    const response = await filtered('1').request(
      '/api/health/',
      { headers: { 'x-forwarded-for': `${allowed}, 198.51.100.1` } },
      peer('10.0.0.2'),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'ip_forbidden', message: 'お使いの環境は権限がありません。(1)' },
    });
  });

  it('answers 403 (2) when the connection comes from another address', async () => {
    const response = await filtered().request('/_app/builds/latest.json', {}, peer('198.51.100.1'));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'お使いの環境は権限がありません。(2)',
    );
  });

  it("refuses the API's own paths and leaves every other path to the storefront's page guard", async () => {
    const app = filtered();
    const refused = await app.request('/api/search/', {}, peer('198.51.100.1'));
    expect(refused.status).toBe(403);
    // No storefront is mounted here: a page path falls through to the 404, not the JSON 403 a
    // shopper saw instead of the error screen.
    const page = await app.request('/ranking/daily', {}, peer('198.51.100.1'));
    expect(page.status).toBe(404);
    expect(isApiPath('/metrics', '/metrics')).toBe(true);
    expect(isApiPath('/ranking/daily', '/metrics')).toBe(false);
  });

  it('knows every route of the API app as an API path, so none escapes the filter', () => {
    const metricsPath = shop.deps.config.metrics.path;
    const paths = [...new Set(filtered().routes.map((route) => route.path))].filter(
      (path) => path !== '/*' && path !== '*',
    );
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !isApiPath(path, metricsPath))).toEqual([]);
    expect(API_PATH_PREFIXES).toContain('/api/');
  });
});
