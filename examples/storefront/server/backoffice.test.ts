import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKOFFICE_CSP, createBackofficeServer } from './backoffice';

function builtBackoffice(): string {
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="ja"><script type="module" src="/admin/assets/index-abc123.js"></script><div id="root"></div></html>',
  );
  writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log("back office")');
  return dir;
}

describe('createBackofficeServer', () => {
  const app = createBackofficeServer({ distDir: builtBackoffice() });

  it('answers index.html for every page path under /admin/, never indexed, with a strict CSP', async () => {
    for (const path of [
      '/admin/',
      '/admin/orders',
      '/admin/orders/42?print=slip',
      '/admin/setup?token=x',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root"></div>');
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('content-security-policy')).toBe(BACKOFFICE_CSP);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    expect(BACKOFFICE_CSP).toContain("script-src 'self';");
    expect(BACKOFFICE_CSP).not.toContain('unsafe-inline');
    expect(BACKOFFICE_CSP).toContain("frame-ancestors 'none'");
  });

  it('serves the hashed assets as immutable and a missing one as 404, not the page', async () => {
    const asset = await app.request('/admin/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("back office")');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const missing = await app.request('/admin/assets/index-old999.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('id="root"');
  });

  it('sends /admin to /admin/', async () => {
    const response = await app.request('/admin');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/admin/');
  });

  it('answers 503 with what to run when the back office was never built', async () => {
    const unbuilt = createBackofficeServer({ distDir: join(tmpdir(), 'no-such-backoffice-build') });
    const response = await unbuilt.request('/admin/orders');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('pnpm --filter @shop/backoffice run build');
  });
});
