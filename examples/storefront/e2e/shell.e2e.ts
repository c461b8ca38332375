import { BUILD_CHECK_INTERVAL_MS, HEADER_MENU, ROUTES } from '@shop/rules';
import { TOAST_LIMIT } from '../src/components/toast-limit';
import {
  expect,
  expectAccessible,
  failedWithStatus,
  openHydrated,
  test,
  waitForHydration,
} from './fixtures';
import { MAINTENANCE_MESSAGE, MAINTENANCE_URL } from './servers';

const STATIC_PAGES = [
  { path: ROUTES.renewal.path(), heading: ROUTES.renewal.title },
  { path: ROUTES.temporaryRenewal.path(), heading: ROUTES.temporaryRenewal.title },
  { path: ROUTES.faq.path(), heading: ROUTES.faq.title },
  { path: ROUTES.legal.path(), heading: ROUTES.legal.title },
  { path: ROUTES.terms.path(), heading: ROUTES.terms.title },
  { path: ROUTES.information.path(), heading: ROUTES.information.title },
  { path: ROUTES.informationBundle.path(), heading: ROUTES.informationBundle.title },
  { path: ROUTES.contact.path(), heading: ROUTES.contact.title },
  { path: ROUTES.contactSent.path(), heading: ROUTES.contactSent.title },
];

for (const { path, heading } of STATIC_PAGES) {
  test(`${path} renders on the server with its title and passes axe`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(new RegExp(heading));
    await waitForHydration(page);
    await expectAccessible(page);
  });
}

test('the header menu has the 14 links of HEADER_MENU, then カテゴリ一覧 and ジャンル一覧', async ({
  page,
}) => {
  await page.goto('/lp/faq');
  const menu = page.getByRole('navigation', { name: 'カテゴリメニュー' });
  const links = menu.getByRole('link');
  await expect(links).toHaveCount(16);
  for (const [index, item] of HEADER_MENU.entries()) {
    await expect(links.nth(index)).toHaveText(item.label);
    await expect(links.nth(index)).toHaveAttribute('href', item.href);
  }
  await expect(links.nth(14)).toHaveAttribute('href', '/category');
  await expect(links.nth(15)).toHaveAttribute('href', '/genre');
});

test('the legal notice lists what the law requires, with fees from the rules', async ({ page }) => {
  await page.goto('/lp/legal');
  for (const item of [
    '販売業者',
    '運営統括責任者',
    '所在地',
    '電話番号',
    '販売価格',
    '商品代金以外の必要料金',
    'お支払い方法',
    '商品の引渡時期',
    '返品・交換について',
  ]) {
    await expect(page.getByRole('rowheader', { name: item, exact: true })).toBeVisible();
  }
  await expect(page.getByText('代金引換手数料 330円').first()).toBeVisible();
});

test.describe('error pages', () => {
  test.use({ allowedConsoleErrors: [failedWithStatus(404)] });

  test('an unknown path answers 404 with the error screen', async ({ page }) => {
    const response = await page.goto('/no/such/page?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
    await expect(page.getByText('HTTP 404')).toBeVisible();
    await expect(page.getByText('Page Not Found: /no/such/page?x=1')).toBeVisible();
    await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute(
      'href',
      '/',
    );
    await expectAccessible(page);
  });

  test('an invalid route parameter answers 404 and passes axe', async ({ page }) => {
    const response = await page.goto('/ranking/hourly');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /ranking/hourly')).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page);
  });
});

test('a payload answers JSON with the status of the page', async ({ request }) => {
  const ok = await request.get('/_payload/lp/faq.json');
  expect(ok.status()).toBe(200);
  expect((await ok.json()).page).toBe('faq');
  const missing = await request.get('/_payload/nowhere.json');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.message).toBe('Page Not Found: /nowhere');
});

test('hashed assets are cached for a year', async ({ page, request }) => {
  await page.goto('/lp/faq');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toMatch(/^\/assets\//);
  const response = await request.get(script as string);
  expect(response.headers()['cache-control']).toContain('immutable');
});

test('client-side navigation fetches the payload JSON, not the HTML', async ({ page }) => {
  await openHydrated(page, '/lp/faq');
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  const payload = page.waitForResponse((r) => r.url().includes('/_payload/lp/terms.json'));
  await page.getByRole('contentinfo').getByRole('link', { name: ROUTES.terms.title }).click();
  await payload;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTES.terms.title);
  await expect(page).toHaveTitle(new RegExp(ROUTES.terms.title));
  expect(documents).toEqual([]);
});

test('the developer pages render when enabled and pass axe', async ({ page }) => {
  for (const route of [ROUTES.dev, ROUTES.devProxy, ROUTES.devProcess, ROUTES.devSnackbar]) {
    const response = await page.goto(route.path());
    expect(response?.status(), route.pattern).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title);
    await waitForHydration(page);
    await expectAccessible(page);
  }
});

test('the snackbar opens toasts that close by themselves, at most TOAST_LIMIT (2) at once', async ({
  page,
}) => {
  await openHydrated(page, ROUTES.devSnackbar.path());
  await page.getByRole('button', { name: 'success を表示' }).click();
  const toasts = page.locator('.toast');
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText('カートに追加しました');
  await page.getByRole('button', { name: /件まとめて表示/ }).click();
  await expect(toasts).toHaveCount(TOAST_LIMIT);
  await expect(toasts).toHaveCount(0, { timeout: 12_000 });
});

test.describe('the contact form', () => {
  // The empty submission is answered 400 by the API on purpose.
  test.use({ allowedConsoleErrors: [failedWithStatus(400)] });

  test('the contact form shows the API field errors in Japanese and sends a valid message', async ({
    page,
  }) => {
    await openHydrated(page, ROUTES.contact.path());
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page.getByText('お名前を入力してください')).toBeVisible();
    await page.getByLabel('お名前').fill('山田 花子');
    await page.getByLabel('メールアドレス').fill('hanako@example.com');
    await page.getByLabel('お問い合わせの種類').selectOption({ index: 1 });
    await page.getByLabel('お問い合わせ内容').fill('予約商品の発送時期について教えてください。');
    await page.getByRole('button', { name: '送信する' }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTES.contactSent.title);
  });
});

test.describe('a chunk missing after a new build', () => {
  // The test makes the chunk fail on purpose.
  test.use({ allowedConsoleErrors: ['net::ERR_FAILED'] });

  test('reloads the page once, and the 10 s guard stops a second reload', async ({ page }) => {
    await page.clock.install();
    await page.route('**/_app/builds/latest.json*', (route) =>
      route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }),
    );
    await page.route(/\/assets\/terms-[^/]+\.js$/, (route) => route.abort('failed'));
    let buildChecks = 0;
    page.on('requestfinished', (r) => {
      if (r.url().includes('/_app/builds/latest.json')) buildChecks++;
    });
    await openHydrated(page, ROUTES.faq.path());
    // The hourly check runs and finds the newer build.
    const check = page.waitForResponse((r) => r.url().includes('/_app/builds/latest.json'));
    await page.clock.runFor(BUILD_CHECK_INTERVAL_MS);
    await check;

    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    await page.getByRole('contentinfo').getByRole('link', { name: ROUTES.terms.title }).click();
    await expect(page).toHaveURL(/\/lp\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTES.terms.title);
    // The reloaded page cannot load the chunk either: it asks for the latest build (the second
    // check, after the hourly one) and the guard decides at its answer. No request for 500 ms
    // after it (the network idle): the guard kept the page from reloading again.
    await page.clock.runFor(3000);
    await expect.poll(() => buildChecks).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(documents).toEqual(['/lp/terms']);
  });
});

test.describe('a maintenance announcement', () => {
  // The shop playwright.config.ts starts with MAINTENANCE_MESSAGE set.
  test.use({ baseURL: MAINTENANCE_URL });

  test("opens the maintenance modal with the API's message, which the shopper can close", async ({
    page,
  }) => {
    await openHydrated(page, ROUTES.faq.path());
    const dialog = page.getByRole('dialog', { name: 'メンテナンスのお知らせ' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(MAINTENANCE_MESSAGE);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: '閉じる' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ROUTES.faq.title);
  });
});
