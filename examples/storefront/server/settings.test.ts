// @vitest-environment node
// The server half: the API's own configuration loader reads the environment, as `pnpm start` does
// (server/main.ts), and the storefront hands the browser its public part only.
import { loadConfig } from '@shop/api';
import { describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID } from '../src/app/boot';
import { renderDocument } from '../src/entry-server';
import type { BootData, PagePayload } from '../src/lib/page-payload';
import { loadStorefrontSettings } from './settings';
import type { ClientAssets, PageRequest } from './ssr-contract';

const GMO_ENV = {
  PAYMENT_GATEWAY: 'gmo',
  GMO_SHOP_ID: 'tshop00000001',
  GMO_SHOP_PASS: 'shop-pass-x7q2',
  GMO_SITE_ID: 'tsite00000001',
  GMO_SITE_PASS: 'site-pass-k9w4',
};

function settingsFrom(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  return loadStorefrontSettings(env, {
    ipFilter: config.ipFilter,
    build: { id: 'test-build', timestamp: 0 },
    paymentGateway: config.commerce.gateway,
    publicOrigin: config.publicOrigin,
  });
}

describe('the card gateway the browser is told about', () => {
  it('is the sandbox when PAYMENT_GATEWAY is unset', () => {
    expect(settingsFrom({}).cardGateway).toEqual({ kind: 'sandbox' });
  });

  it("is GMO's test environment on the API's default endpoint, with the shop id only", () => {
    expect(settingsFrom(GMO_ENV).cardGateway).toEqual({
      kind: 'gmo',
      shopId: 'tshop00000001',
      environment: 'test',
    });
  });

  it('is production for any other endpoint', () => {
    expect(
      settingsFrom({ ...GMO_ENV, GMO_BASE_URL: 'https://p01.mul-pay.jp/payment/' }).cardGateway,
    ).toEqual({ kind: 'gmo', shopId: 'tshop00000001', environment: 'production' });
  });
});

describe('the boot data', () => {
  const assets: ClientAssets = {
    entry: '/assets/entry.js',
    css: [],
    preloads: () => [],
    routeChunk: () => undefined,
  };
  const payload: PagePayload = {
    page: 'error',
    href: '/missing',
    params: {},
    status: 404,
    layout: 'error',
    head: { title: 'エラー', description: '', ogType: 'website', noindex: true },
    data: null,
    error: { statusCode: 404, message: 'ページが見つかりません' },
  };

  it('carries the GMO shop id but never the shop or site password', async () => {
    const settings = settingsFrom(GMO_ENV);
    const request: PageRequest = {
      href: '/missing',
      userAgent: 'Mozilla/5.0',
      addresses: [undefined, undefined],
      api: async () => new Response(null, { status: 404 }),
      settings,
    };
    const { body } = await renderDocument(payload, request, assets, 'test-nonce');
    const html = await new Response(body).text();
    const json = new RegExp(
      `<script id="${BOOT_ELEMENT_ID}" type="application/json" nonce="test-nonce">(.*?)</script>`,
    ).exec(html)?.[1];
    const boot = JSON.parse(json ?? 'null') as BootData;
    expect(boot.cardGateway).toEqual({
      kind: 'gmo',
      shopId: 'tshop00000001',
      environment: 'test',
    });
    expect(html).not.toContain(GMO_ENV.GMO_SHOP_PASS);
    expect(html).not.toContain(GMO_ENV.GMO_SITE_PASS);
  });
});
