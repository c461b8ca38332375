import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { addStaff, freshTotpCode, unique } from './support';

/**
 * Adds a staff member and signs them in at `path`: the first login enrols in TOTP and replaces
 * the temporary password, then the page asked for opens.
 */
export async function signInNewStaff(
  page: Page,
  request: APIRequestContext,
  path: string,
): Promise<void> {
  const staff = {
    email: `staff-${unique()}@example.jp`,
    name: '商品 担当',
    temporaryPassword: `temp-${unique()}-pass`,
  };
  await addStaff(request, staff);
  await page.goto(`/admin${path}`);
  await page.getByLabel('メールアドレス').fill(staff.email);
  await page.getByLabel('パスワード').fill(staff.temporaryPassword);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.getByRole('button', { name: '設定を始める' }).click();
  await expect(page.getByAltText('2段階認証のQRコード')).toBeVisible();
  const secret = (await page.locator('.totp-secret').textContent()) ?? '';
  await page.getByLabel('確認コード').fill(await freshTotpCode(secret, new Set()));
  await page.getByRole('button', { name: '確認して有効にする' }).click();
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  const password = `new-${unique()}-password`;
  await field('現在のパスワード').fill(staff.temporaryPassword);
  await field('新しいパスワード').fill(password);
  await field('新しいパスワード（確認）').fill(password);
  await page.getByRole('button', { name: '変更する' }).click();
}
