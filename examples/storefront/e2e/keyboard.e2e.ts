import type { Locator, Page } from '@playwright/test';
import { findProduct, PASSWORD, TEST_ADDRESS, uniqueEmail } from './account-support';
import { expect, openHydrated, test, waitForHydration } from './fixtures';

// Issue 16, accessibility beyond axe: a shopper who uses only the keyboard (no mouse, no
// pointer) finds a book, puts it in the cart, changes the quantity, registers and reaches the
// order's confirmation. Every step moves with Tab / Shift+Tab, Enter, Space, the arrow keys and
// Escape, and checks that focus is where a screen reader user expects it, and that what changed
// is announced (live regions).

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < (options.max ?? 80); presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      return;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`focus never reached ${target}`);
}

/** What has the focus, as a short description for the failure message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()} ${element.textContent?.slice(0, 40)}` : '';
  });

test('a shopper with only a keyboard searches, buys, registers and reaches the confirmation', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const item = await findProduct(request, 'buy', (p) => !p.postponed);
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`keyboard-${name}.png`) });

  await test.step('the first Tab offers 本文へスキップ, which moves focus past the header', async () => {
    await openHydrated(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '本文へスキップ' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  await test.step('the header search takes a title and Enter', async () => {
    const box = page.getByRole('searchbox').first();
    await tabTo(page, box, { back: true });
    await page.keyboard.type(item.title);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?/);
    const result = page.getByRole('main').getByRole('link', { name: item.title }).first();
    await expect(result).toBeVisible();
    await tabTo(page, result);
    await shot('search');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/${item.slug}`));
  });

  await test.step('カートに入れる with Enter opens the cart dialog with the focus in it; Escape closes it', async () => {
    await waitForHydration(page);
    const buy = page.getByRole('button', { name: /カートに入れる/ }).first();
    await tabTo(page, buy);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(
      await dialog.evaluate((node) => node.contains(document.activeElement)),
      `focus in the dialog, not on ${await focused(page)}`,
    ).toBe(true);
    // Focus stays inside the dialog while it is open.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await shot('cart-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus goes back to the button that opened the dialog.
    await expect(buy).toBeFocused();
  });

  await test.step('the cart: the quantity changes with the arrow keys and the new total is announced', async () => {
    const cartLink = page
      .getByRole('navigation', { name: '会員メニュー' })
      .getByRole('link', { name: /^カート/ });
    await tabTo(page, cartLink, { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cart$/);
    await waitForHydration(page);
    const quantity = page.getByRole('combobox', { name: /数量/ }).first();
    await tabTo(page, quantity);
    const changed = page.waitForResponse(
      (r) => r.url().includes('/api/cart/') && r.request().method() === 'PUT',
    );
    await page.keyboard.press('ArrowDown');
    expect((await changed).ok()).toBe(true);
    await expect(page.locator('p[role="status"].visually-hidden')).toHaveText(
      /^カートを更新しました。商品2点、合計（目安）/,
    );
    await shot('cart');
  });

  await test.step('ご注文手続きへ進む asks a guest to log in; registration is done from the keyboard', async () => {
    await tabTo(page, page.getByRole('button', { name: 'ご注文手続きへ進む' }));
    await page.keyboard.press('Enter');
    const login = page.getByRole('dialog', { name: 'ログイン' });
    await expect(login.getByLabel('メールアドレス')).toBeFocused();
    const register = login.getByRole('button', { name: '会員登録（無料）' });
    await tabTo(page, register);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '会員登録' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel('お名前'));
    await page.keyboard.type('栞 花子');
    await tabTo(page, dialog.getByLabel('メールアドレス'));
    await page.keyboard.type(uniqueEmail());
    await tabTo(page, dialog.getByLabel('パスワード（8文字以上）'));
    await page.keyboard.type(PASSWORD);
    const birthDate = dialog.getByLabel('生年月日（成人向け商品のご購入に必要です）');
    await tabTo(page, birthDate);
    // The date field is the browser's own control, its segments in the order of the machine's
    // locale (not the page's): the value is set on the focused field rather than typed.
    await birthDate.fill('1995-04-01');
    await tabTo(page, dialog.getByLabel('利用規約・個人情報の取り扱いに同意します'));
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByRole('button', { name: '同意して会員登録する' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  });

  await test.step('checkout: an address and a payment method chosen with the keyboard, then the confirmation', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文手続き' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: '新しいお届け先を追加' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '配送先住所' });
    const form = dialog.getByRole('region', { name: '新しい住所' });
    const fields: [Locator, string][] = [
      [form.getByRole('textbox', { name: '姓 必須', exact: true }), TEST_ADDRESS.lastName],
      [form.getByRole('textbox', { name: '名 必須', exact: true }), TEST_ADDRESS.firstName],
      [form.getByLabel('セイ（全角カタカナ）'), TEST_ADDRESS.lastNameKana],
      [form.getByLabel('メイ（全角カタカナ）'), TEST_ADDRESS.firstNameKana],
      [form.getByLabel('郵便番号'), TEST_ADDRESS.postalCode],
    ];
    for (const [field, text] of fields) {
      await tabTo(page, field);
      await page.keyboard.type(text);
    }
    await expect(form.getByLabel('市区町村')).toHaveValue(TEST_ADDRESS.city);
    await tabTo(page, form.getByLabel('番地'));
    await page.keyboard.type(TEST_ADDRESS.street);
    await tabTo(page, form.getByLabel('電話番号'));
    await page.keyboard.type(TEST_ADDRESS.phone);
    await tabTo(page, form.getByRole('button', { name: 'この住所を登録する' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('radio', { name: TEST_ADDRESS.recipient })).toBeChecked();

    const transfer = page.getByRole('radio', { name: /^銀行振込/ });
    // A radio group is one Tab stop; the arrow keys move the choice within it.
    const payments = page.getByRole('radio', {
      name: /^(クレジットカード|代金引換|銀行振込|ゆうちょ|ポイント)/,
    });
    await tabTo(page, payments.first());
    for (let i = 0; i < 6 && !(await transfer.isChecked()); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(transfer).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'ご注文内容の確認へ' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('button', { name: '注文を確定する' });
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm);
    await shot('confirm');
    await page.keyboard.press('Enter');
    await expect(page.getByText('ご注文ありがとうございます。ご注文を承りました。')).toBeVisible();
  });
});
