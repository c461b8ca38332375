import type { APIRequestContext, Page } from '@playwright/test';
import { expect, waitForHydration } from './fixtures';

interface SearchItem {
  slug: string;
  is_adult: boolean;
  price_undecided: boolean;
  disabled: boolean;
  release_date: { date: string } | null;
}
interface ProductVariation {
  id: number;
  stock_label: string;
  can_reserve: boolean;
  unit_price: string | null;
  price_undecided: boolean;
}

/** A product of the demo catalog whose first variation matches, found through the API. */
export async function findProduct(
  request: APIRequestContext,
  filter: 'reserve' | 'release',
  accept: (v: ProductVariation, released: boolean) => boolean,
  skip: string[] = [],
): Promise<{ slug: string; variationId: number }> {
  for (let page = 1; page <= 10; page++) {
    const search = await request.get(`/api/search/?filter=${filter}&page=${page}`);
    const { items } = (await search.json()) as { items: SearchItem[] };
    for (const item of items) {
      if (item.is_adult || item.price_undecided || item.disabled || skip.includes(item.slug))
        continue;
      const product = await (await request.get(`/api/products/${item.slug}/`)).json();
      const variation = (product.variations as ProductVariation[])[0];
      const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
      const released = item.release_date !== null && item.release_date.date < today;
      if (variation && !variation.price_undecided && accept(variation, released))
        return { slug: item.slug, variationId: variation.id };
    }
  }
  throw new Error(`no ${filter} product found`);
}

export const uniqueEmail = () =>
  `member-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.jp`;

export const PASSWORD = 'shiori-e2e-password';

/** Registers through the header's login modal (with the privacy acceptance). */
export async function registerInModal(page: Page, email: string, name = '栞 花子'): Promise<void> {
  await page.goto('/lp/faq');
  await waitForHydration(page);
  await page
    .getByRole('navigation', { name: '会員メニュー' })
    .getByRole('button', { name: '会員登録' })
    .click();
  const dialog = page.getByRole('dialog', { name: '会員登録' });
  await dialog.getByLabel('お名前').fill(name);
  await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByLabel('パスワード（8文字以上）').fill(PASSWORD);
  await dialog.getByLabel('生年月日（成人向け商品のご購入に必要です）').fill('1995-04-01');
  await dialog.getByLabel('利用規約・個人情報の取り扱いに同意します').check();
  await dialog.getByRole('button', { name: '同意して会員登録する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: /マイページ/ })).toBeVisible();
}

/** Adds a variation to the cart through the product page's own button. */
export async function addFromProductPage(page: Page, slug: string, button: RegExp): Promise<void> {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  const responded = page.waitForResponse(
    (r) => r.url().endsWith('/api/cart/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: button }).first().click();
  expect((await responded).ok()).toBe(true);
}

/**
 * Adds a released item through POST /api/cart/ from the page (with its session and CSRF token):
 * the product page offers no button for released items whose label is 予約受付中.
 */
export async function addReleasedViaApi(page: Page, variationId: number): Promise<void> {
  const status = await page.evaluate(async (id) => {
    const session = await (await fetch('/api/session/')).json();
    const response = await fetch('/api/cart/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
      body: JSON.stringify({ variationId: id, quantity: 1 }),
    });
    return response.status;
  }, variationId);
  expect(status).toBe(200);
}
