#!/usr/bin/env node
// The account half of `pnpm bench:web`: interaction to next paint of add-to-cart and of the
// cart and checkout steps, measured with Playwright on Debian's chromium under 4x CPU
// throttling (Event Timing entries, the longest entry of each interaction, p75 over all of a
// step's interactions); Lighthouse on /cart and /checkout as the member, with the cart those
// steps filled (the catalog pages' goals, same preset and median); and first-load JS and CSS
// (gzip) of both. Prints one JSON line per page. Run after `pnpm build` (the root script builds
// first).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../../scripts/chromium.mjs';
import { firstLoadSizes } from './first-load.mjs';
import { lighthouseMedian, startChrome } from './lighthouse-median.mjs';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_ACCOUNT_PORT ?? 3231);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const debugPort = Number(process.env.BENCH_ACCOUNT_DEBUG_PORT ?? 9334);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-account-'));

const server = spawn('pnpm', ['exec', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
process.on('exit', () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const p75 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)] ?? null;
};

// Installed before any page script: every Event Timing entry of an interaction, kept per id.
const OBSERVE = () => {
  window.__inp = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const seen = window.__inp.get(entry.interactionId) ?? 0;
      window.__inp.set(entry.interactionId, Math.max(seen, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
};
const takeInteractions = (page) =>
  page.evaluate(() => {
    const values = [...window.__inp.values()];
    window.__inp.clear();
    return values;
  });

async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = await (await fetch('/api/session/')).json();
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return response.status === 204 ? null : response.json();
    },
    { method, path, body },
  );
}

const hydrated = (page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  await waitFor(`${base}/api/health/`, 300_000);
  const context = await browser.newContext({
    baseURL: base,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto('/lp/faq');
  await hydrated(page);
  await api(page, 'POST', '/api/user/register/', {
    email: `bench-${Date.now()}@example.jp`,
    password: 'bench-account-password',
    name: '計測 太郎',
    birthDate: '1990-01-01',
  });
  await api(page, 'POST', '/api/addressbook/', {
    postalCode: '104-0061',
    prefecture: '東京都',
    city: '中央区銀座',
    street: '1-2-3',
    building: '',
    lastName: '計測',
    firstName: '太郎',
    lastNameKana: 'ケイソク',
    firstNameKana: 'タロウ',
    phone: '0312345678',
    isDefault: true,
  });
  const search = await api(page, 'GET', '/api/search/?filter=release');
  let product = null;
  for (const item of search.items) {
    if (item.is_adult || item.price_undecided || item.disabled) continue;
    const detail = await api(page, 'GET', `/api/products/${item.slug}/`);
    if (detail.variations[0]?.in_stock) {
      product = detail;
      break;
    }
  }
  if (!product) throw new Error('no product in stock among the newest releases');

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const steps = {
    addToCart: [],
    cartQuantity: [],
    checkoutShipping: [],
    checkoutPayment: [],
    checkoutConfirm: [],
  };
  for (let round = 0; round < rounds; round++) {
    await page.goto(`/product/${product.slug}`);
    await hydrated(page);
    await takeInteractions(page);
    await page.getByRole('button', { name: 'カートに入れる' }).first().click();
    await page.getByRole('dialog').waitFor();
    steps.addToCart.push(...(await takeInteractions(page)));
    await page.keyboard.press('Escape');

    await page.goto('/cart');
    await hydrated(page);
    await takeInteractions(page);
    // A key press on the focused select (a real interaction; selectOption makes none).
    await page.getByRole('combobox').first().focus();
    await page.keyboard.press(round % 2 === 0 ? 'ArrowDown' : 'ArrowUp');
    await page.waitForLoadState('networkidle');
    steps.cartQuantity.push(...(await takeInteractions(page)));
    // Back to one copy (not measured): each round adds one more, and ゆうパケット takes only what
    // fits its 3 cm (parcelFit), so a growing cart would leave it disabled at checkout.
    await page.getByRole('combobox').first().selectOption('1');
    await page.waitForLoadState('networkidle');

    await page.goto('/checkout');
    await hydrated(page);
    await takeInteractions(page);
    // Alternate, so every round changes the shipping method (a click on the checked one is none).
    await page.getByRole('radio', { name: round % 2 === 0 ? /^ゆうパケット/ : /^宅配便/ }).click();
    steps.checkoutShipping.push(...(await takeInteractions(page)));
    await page.getByRole('radio', { name: /^銀行振込/ }).check();
    steps.checkoutPayment.push(...(await takeInteractions(page)));
    await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
    await page.getByRole('button', { name: '注文を確定する' }).waitFor();
    steps.checkoutConfirm.push(...(await takeInteractions(page)));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // Lighthouse drives a browser of its own: the member's session goes with its requests.
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
  const chrome = startChrome(debugPort, dataDir);
  const lighthouseOf = {};
  try {
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 30_000);
    // What a member with that cart sees (not a guest's empty cart or the login prompt).
    const shows = { '/cart': '在庫商品（すぐにお届け）', '/checkout': 'ご注文内容の確認へ' };
    for (const [path, text] of Object.entries(shows)) {
      const html = await (await fetch(`${base}${path}`, { headers: { Cookie: cookie } })).text();
      if (!html.includes(text)) throw new Error(`${path} as the member does not show ${text}`);
      lighthouseOf[path] = await lighthouseMedian(`${base}${path}`, {
        port: debugPort,
        runs,
        extraHeaders: { Cookie: cookie },
      });
    }
  } finally {
    process.kill(-chrome.pid, 'SIGTERM');
  }

  const sizes = new Map(firstLoadSizes(join(root, 'dist', 'client')).map((s) => [s.route, s]));
  const kb = (bytes) => Number((bytes / 1024).toFixed(1));
  const inp = (name) => {
    const values = steps[name];
    return {
      interactions: values.length,
      p75Ms: p75(values) === null ? null : Math.round(p75(values)),
    };
  };
  const report = {
    '/cart': ['cart', { addToCart: inp('addToCart'), quantity: inp('cartQuantity') }],
    '/checkout': [
      'checkout',
      {
        shipping: inp('checkoutShipping'),
        payment: inp('checkoutPayment'),
        toConfirmation: inp('checkoutConfirm'),
      },
    ],
  };
  for (const [path, [route, interactions]] of Object.entries(report)) {
    const size = sizes.get(route);
    console.log(
      JSON.stringify({
        page: path,
        ...lighthouseOf[path],
        cpuThrottling: 4,
        rounds,
        inp: interactions,
        firstLoadJsGzipKb: size ? kb(size.jsGzip) : null,
        firstLoadCssGzipKb: size ? kb(size.cssGzip) : null,
      }),
    );
  }
} finally {
  await browser.close();
}
process.exit(0);
