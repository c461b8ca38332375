import type { Page } from '@playwright/test';
import {
  loginInModal,
  logoutInHeader,
  PASSWORD,
  registerInModal,
  uniqueEmail,
} from './account-support';
import { expect, failedWithStatus, openHydrated, test, waitForHydration } from './fixtures';
import { LIFECYCLE_URL } from './servers';

// The account's own mails from the member's side (docs/account-mail.md): a forgotten password is
// reset through the link of the mail, and an e-mail address is changed through the link mailed to
// the new address, with a notice to the old one. The shop has no SMTP_URL, so the mails are read
// where its operator reads them: the local mailbox view at /dev/mailbox (the lifecycle shop, the
// one e2e shop outside production, e2e/servers.ts). Each step is kept as a screenshot.

test.use({ baseURL: LIFECYCLE_URL });

const NEW_PASSWORD = 'shiori-e2e-new-password';

async function shot(page: Page, name: string): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/**
 * Opens, in the mailbox view, the one mail to `to` with this subject (polling until delivered),
 * keeps a screenshot of it and answers its text part, as the operator or developer reads it
 * there. The view is the operator's tool, not a shop page: it opens in a tab of its own, outside
 * the shop page's console checks (its sandboxed mail frame refuses the fixture's init script).
 */
async function mailInMailbox(
  page: Page,
  to: string,
  subject: string,
  screenshot: string,
): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    const row = mailbox.getByRole('row').filter({ hasText: to }).filter({ hasText: subject });
    await expect(async () => {
      await mailbox.goto('/dev/mailbox');
      await expect(row).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await row.getByRole('link', { name: subject }).click();
    await expect(mailbox.getByRole('heading', { level: 2, name: 'テキスト' })).toBeVisible();
    await expect(mailbox.getByRole('cell', { name: to, exact: true })).toBeVisible();
    await shot(mailbox, screenshot);
    return (await mailbox.locator('pre').textContent()) ?? '';
  } finally {
    await mailbox.close();
  }
}

/** The one link of the shop to `path` in a mail's text (the link as the member would open it). */
function linkIn(text: string, path: string): string {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  const found = links.filter((link) => new URL(link).pathname === path);
  expect(found, `one ${path} link in:\n${text}`).toHaveLength(1);
  const [link] = found;
  if (link === undefined) throw new Error('no link');
  expect(new URL(link).origin).toBe(LIFECYCLE_URL);
  return link;
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test.describe(() => {
      // The two refusals the journey asks for: the used link (400) and the old password (401).
      test.use({ allowedConsoleErrors: [failedWithStatus(400), failedWithStatus(401)] });

      test('password reset: request, the mail in the mailbox, a new password, login with it', async ({
        page,
      }) => {
        const email = uniqueEmail();
        await registerInModal(page, email);
        await logoutInHeader(page);

        // From the login modal, as a member who forgot the password.
        await page.getByRole('button', { name: 'ログイン' }).first().click();
        const login = page.getByRole('dialog', { name: 'ログイン' });
        await login.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
        await expect(page).toHaveURL(/\/password-reset$/);
        await waitForHydration(page);
        await expect(login).toBeHidden();
        await page.getByLabel('メールアドレス').fill(email);
        await shot(page, `password-reset-request-${width}`);
        await page.getByRole('button', { name: '再設定メールを送る' }).click();
        await expect(page.getByRole('heading', { name: 'メールをご確認ください' })).toBeVisible();
        await expect(
          page.getByText(`${email} が会員登録されたメールアドレスであれば`),
        ).toBeVisible();
        await shot(page, `password-reset-sent-${width}`);

        const text = await mailInMailbox(
          page,
          email,
          '【本の店】パスワード再設定のご案内',
          `password-reset-mail-${width}`,
        );
        const link = linkIn(text, '/password-reset/confirm');

        await openHydrated(page, link);
        await page.getByLabel('新しいパスワード（8文字以上）').fill(NEW_PASSWORD);
        await page.getByRole('button', { name: /パスワードを/ }).click();
        await expect(page.getByRole('heading', { name: 'パスワードを変更しました' })).toBeVisible();
        await shot(page, `password-reset-done-${width}`);

        // The link is single-use.
        await openHydrated(page, link);
        await page.getByLabel('新しいパスワード（8文字以上）').fill('shiori-e2e-third-password');
        await page.getByRole('button', { name: /パスワードを/ }).click();
        await expect(page.getByRole('alert')).toBeVisible();

        // The old password no longer opens the account; the new one does.
        await openHydrated(page, '/lp/faq');
        await page.getByRole('button', { name: 'ログイン' }).first().click();
        const again = page.getByRole('dialog', { name: 'ログイン' });
        await again.getByLabel('メールアドレス').fill(email);
        await again.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
        await again.getByRole('button', { name: 'ログイン', exact: true }).click();
        await expect(again.getByRole('alert')).toBeVisible();
        await again.getByLabel('パスワード', { exact: true }).fill(NEW_PASSWORD);
        await again.getByRole('button', { name: 'ログイン', exact: true }).click();
        await expect(again).toBeHidden();
        await expect(page.getByRole('link', { name: /マイページ/ })).toBeVisible();
        await shot(page, `password-reset-login-${width}`);
        // And the member is told the password changed.
        await mailInMailbox(
          page,
          email,
          '【本の店】パスワード変更のお知らせ',
          `password-changed-mail-${width}`,
        );
      });
    });

    test('e-mail change: request in my page, the link mailed to the new address, a notice to the old one', async ({
      page,
    }) => {
      const oldEmail = uniqueEmail();
      const newEmail = uniqueEmail();
      await registerInModal(page, oldEmail);
      await openHydrated(page, '/mypage');
      const form = page.getByRole('form', { name: 'メールアドレス変更' });
      await expect(form.getByText(`現在のメールアドレス: ${oldEmail}`)).toBeVisible();
      await form.getByLabel('新しいメールアドレス').fill(newEmail);
      await form.getByLabel('パスワード（確認のため）').fill(PASSWORD);
      await form.getByRole('button', { name: '確認メールを送る' }).click();
      await expect(form.getByRole('status')).toContainText(
        `${newEmail} に確認メールをお送りしました`,
      );
      await form.scrollIntoViewIfNeeded();
      await shot(page, `email-change-requested-${width}`);

      // The link goes to the new address only; opening it alone changes nothing.
      const text = await mailInMailbox(
        page,
        newEmail,
        '【本の店】メールアドレス変更のご確認',
        `email-change-mail-${width}`,
      );
      await openHydrated(page, linkIn(text, '/email-change/confirm'));
      await openHydrated(page, '/mypage');
      await expect(page.getByText(`現在のメールアドレス: ${oldEmail}`)).toBeVisible();
      await openHydrated(page, linkIn(text, '/email-change/confirm'));
      await page.getByRole('button', { name: 'メールアドレスの変更を完了する' }).click();
      await expect(
        page.getByRole('heading', { name: 'メールアドレスを変更しました' }),
      ).toBeVisible();
      await expect(page.getByText(`新しいメールアドレス: ${newEmail}`)).toBeVisible();
      await shot(page, `email-change-done-${width}`);

      // The old address is told, without naming the new one.
      const notice = await mailInMailbox(
        page,
        oldEmail,
        '【本の店】メールアドレス変更のお知らせ',
        `email-change-notice-${width}`,
      );
      expect(notice).toContain('メールアドレスが変更されました');
      expect(notice).not.toContain(newEmail);

      // The account now answers to the new address.
      await openHydrated(page, '/mypage');
      await expect(page.getByText(`現在のメールアドレス: ${newEmail}`)).toBeVisible();
      await logoutInHeader(page);
      await page.getByRole('button', { name: 'ログイン' }).first().click();
      await loginInModal(page, newEmail);
      await expect(page.getByRole('link', { name: /マイページ/ })).toBeVisible();
    });
  });
}
