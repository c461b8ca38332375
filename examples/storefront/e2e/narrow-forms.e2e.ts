import type { Page } from '@playwright/test';
import { ROUTES } from '@shop/rules';
import { openMemberDialog, uniqueEmail } from './account-support';
import { expect, failedWithStatus, openHydrated, test } from './fixtures';

// A member's forms and pages on a 360 px phone: two fields side by side (姓 and 名, the card's
// month and year) once made the page 440-450 px wide, and the order history's row of tabs 680
// px; and the browser's own check of `required` stopped a form with a bubble in the browser's
// language ("Please fill out this field.") before the shop could say anything in Japanese.
// One member for all of it: the shop creates at most 20 members per address an hour
// (docs/api.md, "Throttles"), and the suite's files share that address.

test.use({ viewport: { width: 360, height: 740 }, allowedConsoleErrors: [failedWithStatus(400)] });

/** How far the page scrolls sideways (0 when it fits the screen). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("at 360 px a member's empty forms are answered in Japanese and every page fits the screen", async ({
  page,
}) => {
  // Registration sent empty: the API's messages under the fields (a 400 the browser logs).
  const dialog = await openMemberDialog(page, '会員登録');
  await dialog.getByLabel('利用規約・個人情報の取り扱いに同意します').check();
  await dialog.getByRole('button', { name: '同意して会員登録する' }).click();
  await expect(dialog.getByText('お名前を入力してください', { exact: true })).toBeVisible();
  await expect(dialog.getByText('パスワードを入力してください', { exact: true })).toBeVisible();
  await dialog.getByLabel('お名前').fill('栞 花子');
  await dialog.getByLabel('メールアドレス').fill(uniqueEmail());
  await dialog.getByLabel('パスワード（8文字以上）').fill('shiori-e2e-password');
  await dialog.getByRole('button', { name: '同意して会員登録する' }).click();
  await expect(dialog).toBeHidden();

  // The address form sent empty: the rules' messages, and nothing reaches the API. Its code is
  // held back first: pressed before it has come, the form is not sent by the browser (it was, as
  // a GET of the page with every field in the URL).
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/address-forms-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const documents: string[] = [];
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
    if (r.url().includes('/api/addressbook') && r.method() !== 'GET') sent.push(r.url());
  });
  await openHydrated(page, ROUTES.shippingAddress.path());
  const form = page.getByRole('region', { name: '新しい住所' });
  const submit = form.getByRole('button', { name: 'この住所を登録する' });
  const opened = documents.length;
  await submit.click();
  await page.waitForTimeout(300);
  expect(documents.slice(opened), 'the browser sent no form').toEqual([]);
  expect(new URL(page.url()).search).toBe('');
  release?.();
  // Once its code has come, the shop answers the press itself.
  await expect(async () => {
    await submit.click();
    await expect(form.getByText('姓を入力してください')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(form.getByText('市区町村を入力してください')).toBeVisible();
  await expect(form.getByRole('textbox', { name: '姓 必須', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(await sideways(page), 'the address form with its messages').toBe(0);
  expect(sent).toEqual([]);

  // The card form sent empty: the card rules' message.
  await openHydrated(page, ROUTES.creditCard.path());
  await page.getByRole('button', { name: 'このカードを登録する' }).click();
  await expect(page.getByText('カード番号をご確認ください')).toBeVisible();

  for (const path of [
    ROUTES.mypage.path(),
    ROUTES.orderHistory.path(),
    ROUTES.shippingAddress.path(),
    `${ROUTES.userShippingAddress.path()}?add=1`,
    ROUTES.creditCard.path(),
  ]) {
    await openHydrated(page, path);
    expect(await sideways(page), `${path} scrolls sideways`).toBe(0);
  }
});
