import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { jstToday } from '@shop/rules';
import { expect, openHydrated, test } from './fixtures';

/** The operator token the e2e server runs with (playwright.config.ts sets OPERATOR_TOKEN). */
export const OPERATOR_TOKEN =
  process.env.E2E_OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef';

export interface FoundProduct {
  slug: string;
  title: string;
  variationId: number;
  unitPrice: number;
  pointValue: number;
  series: { slug: string; title: string } | null;
  author: { slug: string; name: string } | null;
  /** Whether its page lists 発売延期 notes (they stand between its facts and the buy button). */
  postponed: boolean;
  /** How many versions (通常版, 限定版...) its page lists to choose from, above the buy button. */
  versions: number;
}

interface SearchItem {
  slug: string;
  is_adult: boolean;
  price_undecided: boolean;
  disabled: boolean;
}
interface ProductDetail {
  slug: string;
  title: string;
  sell_start_date: string | null;
  series: FoundProduct['series'];
  author: FoundProduct['author'];
  postponements: unknown[];
  variations: Array<{
    id: number;
    in_stock: boolean;
    can_reserve: boolean;
    unit_price: string | null;
    point_value: number;
    price_undecided: boolean;
    sell_start_date: string | null;
  }>;
}

/**
 * The test files run in two workers at once against the same shops (playwright.config.ts): a
 * file that buys a product out, reserves it or moves its release date would change what another
 * file found a moment before. So each file claims the products it uses: the first file to claim
 * a product of a shop owns it for the run, and the others pass it over. A claim is a file
 * created exclusively in E2E_CLAIMS_DIR (one folder per shop origin), holding the owner's test
 * file, so a retry of the same file finds its own products again.
 */
function claimsOf(origin: string): string {
  const root = process.env.E2E_CLAIMS_DIR;
  if (root === undefined) throw new Error('E2E_CLAIMS_DIR is set by playwright.config.ts');
  const dir = join(root, encodeURIComponent(origin));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The product's owner in this run, or null when no file has claimed it yet. */
function ownerOf(origin: string, slug: string): string | null {
  try {
    return readFileSync(join(claimsOf(origin), encodeURIComponent(slug)), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether another test file has claimed the product of the shop at `origin`. */
export function claimedElsewhere(origin: string, slug: string): boolean {
  const owner = ownerOf(origin, slug);
  return owner !== null && owner !== test.info().file;
}

/**
 * Claims the product of the shop at `origin` for the calling test file: true when the file owns
 * it now (claimed now or before by the same file), false when another file does.
 */
export function claimProduct(origin: string, slug: string): boolean {
  try {
    writeFileSync(join(claimsOf(origin), encodeURIComponent(slug)), test.info().file, {
      flag: 'wx',
    });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return ownerOf(origin, slug) === test.info().file;
  }
}

/**
 * A product of the demo catalog found through the API whose first variation is buyable now
 * ('buy': in stock and released) or reservable ('reserve': in stock, not released, can_reserve),
 * that passes `accept` and that no other test file has claimed; it is claimed for the caller's.
 */
export async function findProduct(
  request: APIRequestContext,
  kind: 'buy' | 'reserve',
  accept: (p: FoundProduct) => boolean = () => true,
  skip: string[] = [],
): Promise<FoundProduct> {
  const filter = kind === 'buy' ? 'release' : 'reserve';
  for (let page = 1; page <= 15; page++) {
    const search = await request.get(`/api/search/?filter=${filter}&page=${page}`);
    const { origin } = new URL(search.url());
    const { items } = (await search.json()) as { items: SearchItem[] };
    for (const item of items) {
      if (item.is_adult || item.price_undecided || item.disabled || skip.includes(item.slug))
        continue;
      if (claimedElsewhere(origin, item.slug)) continue;
      const product = (await (
        await request.get(`/api/products/${item.slug}/`)
      ).json()) as ProductDetail;
      const v = product.variations[0];
      if (!v || v.price_undecided || v.unit_price === null || !v.in_stock) continue;
      const start = v.sell_start_date ?? product.sell_start_date;
      const released = start === null || start <= jstToday(new Date());
      if (kind === 'buy' ? !released : released || !v.can_reserve) continue;
      const found: FoundProduct = {
        slug: product.slug,
        title: product.title,
        variationId: v.id,
        unitPrice: Number(v.unit_price),
        pointValue: v.point_value,
        series: product.series,
        author: product.author,
        postponed: product.postponements.length > 0,
        versions: product.variations.length,
      };
      if (accept(found) && claimProduct(origin, found.slug)) return found;
    }
  }
  throw new Error(`no ${kind} product found`);
}

/**
 * The e2e suite's one address in Japan (issue #13: every file types and checks this one): as a
 * shopper types it in the address form, with what 〒 autofill fills in, and as the shop prints it.
 */
export const TEST_ADDRESS = {
  lastName: '栞',
  firstName: '花子',
  lastNameKana: 'シオリ',
  firstNameKana: 'ハナコ',
  postalCode: '1040061',
  prefecture: '東京都',
  city: '中央区銀座',
  street: '1-2-3',
  phone: '03-1234-5678',
  /** How the address book, checkout and my page print it. */
  printed: '〒104-0061 東京都中央区銀座1-2-3',
  /** Its radio in checkout's address list. */
  recipient: /栞 花子 様/,
} as const;

export const uniqueEmail = () =>
  `member-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.jp`;

export const PASSWORD = 'shiori-e2e-password';

/** Clicks a button of the header's member menu (on a page with the default layout). */
async function clickMemberMenu(page: Page, name: 'ログイン' | '会員登録' | 'ログアウト') {
  await page
    .getByRole('navigation', { name: '会員メニュー' })
    .getByRole('button', { name })
    .click();
}

/** Opens the header's login or registration dialog on a plain page (/lp/faq); answers it. */
export async function openMemberDialog(
  page: Page,
  name: 'ログイン' | '会員登録',
): Promise<Locator> {
  await openHydrated(page, '/lp/faq');
  await clickMemberMenu(page, name);
  return page.getByRole('dialog', { name });
}

/** Registers through the header's login modal (with the privacy acceptance). */
export async function registerInModal(page: Page, email: string, name = '栞 花子'): Promise<void> {
  const dialog = await openMemberDialog(page, '会員登録');
  await dialog.getByLabel('お名前').fill(name);
  await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByLabel('パスワード（8文字以上）').fill(PASSWORD);
  await dialog.getByLabel('生年月日（成人向け商品のご購入に必要です）').fill('1995-04-01');
  await dialog.getByLabel('利用規約・個人情報の取り扱いに同意します').check();
  await dialog.getByRole('button', { name: '同意して会員登録する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: /マイページ/ })).toBeVisible();
}

/**
 * A new member with one buyable product (found as `findProduct` finds it) in the cart, gone from
 * the cart to the checkout page; answers the product.
 */
export async function newMemberAtCheckout(
  page: Page,
  request: APIRequestContext,
  accept?: (p: FoundProduct) => boolean,
): Promise<FoundProduct> {
  const item = await findProduct(request, 'buy', accept);
  await registerInModal(page, uniqueEmail());
  await addFromProductPage(page, item.slug, /カートに入れる/);
  await openHydrated(page, '/cart');
  await page.getByRole('button', { name: 'ご注文手続きへ進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文手続き' })).toBeVisible();
  return item;
}

/** Adds a variation to the cart through the product page's own button; the cart modal opens. */
export async function addFromProductPage(page: Page, slug: string, button: RegExp): Promise<void> {
  await openHydrated(page, `/product/${slug}`);
  const responded = page.waitForResponse(
    (r) => r.url().endsWith('/api/cart/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: button }).first().click();
  expect((await responded).ok()).toBe(true);
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
}

/** Calls the API from the page, with its session cookie and CSRF token; answers status and JSON. */
export async function pageApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const session = await (await fetch('/api/session/')).json();
      const response = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': session.csrfToken,
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { method, path, body, headers },
  );
}

/** The member's point balance, from GET /api/points/. */
export async function pointBalance(page: Page): Promise<number> {
  const { json } = await pageApi<{ balance: number }>(page, 'GET', '/api/points/');
  return json.balance;
}

/** Units of a variation left to sell or reserve (read from a guest cart line). */
export async function unitsLeft(request: APIRequestContext, variationId: number): Promise<number> {
  const { csrfToken } = (await (await request.get('/api/session/')).json()) as {
    csrfToken: string;
  };
  const response = await request.post('/api/cart/', {
    headers: { 'x-csrf-token': csrfToken },
    data: { variationId, quantity: 1 },
  });
  const cart = (await response.json()) as { lines: Array<{ variationId: number; stock: number }> };
  await request.delete(`/api/cart/${variationId}/`, { headers: { 'x-csrf-token': csrfToken } });
  const line = cart.lines.find((l) => l.variationId === variationId);
  if (!line) throw new Error(`variation ${variationId} did not go into the cart`);
  return line.stock;
}

/** The shop operator ships an order (captures payment, grants its points). */
export async function operatorShip(request: APIRequestContext, orderId: number): Promise<void> {
  const response = await request.post(`/api/operator/orders/${orderId}/ship/`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    data: { carrier: 'yamato', trackingNumber: '1234-5678-9012' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The shop operator ships an open bundle (captures its payments, grants its points). */
export async function operatorShipBundle(
  request: APIRequestContext,
  bundleId: number,
): Promise<void> {
  const response = await request.post(`/api/operator/bundles/${bundleId}/ship/`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    data: { carrier: 'yamato', trackingNumber: '1234-5678-9012' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The shop operator moves a product's release to today (JST): its reservations can ship. */
export async function operatorReleaseToday(
  request: APIRequestContext,
  productId: number,
): Promise<void> {
  const response = await request.post(`/api/operator/products/${productId}/release-date/`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    data: { releaseDate: jstToday(new Date()), reason: '入荷が早まりました' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The member's orders in a state, newest first. */
export interface PlacedOrder {
  id: number;
  pointsToGrant: number;
  pointsUsed: number;
  paymentMethod: string;
  items: Array<{ productId: number; productSlug: string }>;
}

export async function ordersIn(page: Page, state: string): Promise<PlacedOrder[]> {
  const { json } = await pageApi<{ orders: PlacedOrder[] }>(
    page,
    'GET',
    `/api/orders/?state=${state}`,
  );
  return json.orders;
}

/** Logs out through the header's member menu (on a page with the default layout). */
export async function logoutInHeader(page: Page): Promise<void> {
  await clickMemberMenu(page, 'ログアウト');
  await expect(page.getByRole('button', { name: 'ログイン' }).first()).toBeVisible();
}

/** Logs in through the login modal that is open on the page. */
export async function loginInModal(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'ログイン' });
  await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Adds an address in checkout through /common/user-shipping-address opened as a dialog over it
 * (checking the 〒 autofill); the dialog closes and checkout is back at its own URL.
 */
export async function addAddressInCheckout(page: Page): Promise<void> {
  await page.getByRole('link', { name: '新しいお届け先を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '配送先住所' });
  await expect(page).toHaveURL(/\/common\/user-shipping-address\?return=\/checkout&add=1$/);
  const form = dialog.getByRole('region', { name: '新しい住所' });
  await form.getByRole('textbox', { name: '姓 必須', exact: true }).fill(TEST_ADDRESS.lastName);
  await form.getByRole('textbox', { name: '名 必須', exact: true }).fill(TEST_ADDRESS.firstName);
  await form.getByLabel('セイ（全角カタカナ）').fill(TEST_ADDRESS.lastNameKana);
  await form.getByLabel('メイ（全角カタカナ）').fill(TEST_ADDRESS.firstNameKana);
  await form.getByLabel('郵便番号').fill(TEST_ADDRESS.postalCode);
  await expect(form.getByLabel('都道府県')).toHaveValue(TEST_ADDRESS.prefecture);
  await expect(form.getByLabel('市区町村')).toHaveValue(TEST_ADDRESS.city);
  await form.getByLabel('番地').fill(TEST_ADDRESS.street);
  await form.getByLabel('電話番号').fill(TEST_ADDRESS.phone);
  await form.getByRole('button', { name: 'この住所を登録する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  await expect(page.getByRole('radio', { name: TEST_ADDRESS.recipient })).toBeChecked();
}

/**
 * Registers a card in checkout through /common/credit-card opened as a dialog over it; the
 * number is tokenised in the browser and never sent to the API.
 */
export async function addCardInCheckout(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByRole('link', { name: 'カードを登録・管理する' }).click();
  const dialog = page.getByRole('dialog', { name: 'クレジットカード' });
  await expect(page).toHaveURL(/\/common\/credit-card\?return=\/checkout$/);
  const apiBodies: string[] = [];
  const listen = (r: Request) => {
    if (r.url().includes('/api/')) apiBodies.push(r.postData() ?? '');
  };
  page.on('request', listen);
  await dialog.getByLabel('カード番号').fill(number);
  await dialog.getByLabel('月（MM）').fill('12');
  await dialog.getByLabel('年（YY）').fill('30');
  await dialog.getByLabel('セキュリティコード').fill('123');
  await dialog.getByLabel('カード名義（ローマ字）').fill('HANAKO SHIORI');
  await dialog.getByRole('button', { name: 'このカードを登録する' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  page.off('request', listen);
  const digits = number.replace(/\D/g, '');
  await expect(
    page.getByRole('radio', { name: new RegExp(`\\*\\*\\*\\* ${digits.slice(-4)}`) }),
  ).toBeChecked();
  expect(apiBodies.some((body) => body.includes(digits))).toBe(false);
}

/** From /cart: checks out with a shipping and a payment method up to the complete page. */
export async function checkoutWith(
  page: Page,
  options: { shipping: RegExp; payment: RegExp; newAddress?: boolean },
): Promise<void> {
  await openHydrated(page, '/cart');
  await page.getByRole('button', { name: 'ご注文手続きへ進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文手続き' })).toBeVisible();
  if (options.newAddress) await addAddressInCheckout(page);
  await page.getByRole('radio', { name: options.shipping }).check();
  await page.getByRole('radio', { name: options.payment }).check();
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文完了' })).toBeVisible();
}
