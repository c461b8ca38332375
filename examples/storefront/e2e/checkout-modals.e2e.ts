import {
  addAddressInCheckout,
  addCardInCheckout,
  newMemberAtCheckout,
  TEST_ADDRESS,
} from './account-support';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';

// Issue 6: /common/user-shipping-address and /common/credit-card are pages of their own and
// dialogs over checkout. Checkout keeps what the shopper chose while a dialog is open.

test('checkout opens the address and card pages as dialogs over itself and keeps its input', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await newMemberAtCheckout(page, request);
  await expect(page.getByText('お届け先が登録されていません。')).toBeVisible();

  // Choices made before a dialog opens must survive it.
  await page.getByRole('radio', { name: /^宅配便/ }).check();
  await page.getByLabel('お届け時間帯').selectOption('18-21');

  await test.step('the address dialog: focus inside, axe, Esc and Back close it, focus returns', async () => {
    const opener = page.getByRole('link', { name: '新しいお届け先を追加' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '配送先住所' });
    await expect(dialog.getByRole('region', { name: '新しい住所' })).toBeVisible();
    await expect(page).toHaveURL(/\/common\/user-shipping-address\?return=\/checkout&add=1$/);
    // The checkout stays under the dialog, out of reach (a modal <dialog>).
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文手続き' })).toBeAttached();
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(
      true,
    );
    await expectAccessible(page);
    // Tab stays inside the dialog.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/checkout\?.*slot=18-21/);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/checkout\?.*slot=18-21/);
    await page.goForward();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/checkout\?.*slot=18-21/);
  });

  await test.step('an address and a card added in the dialogs are selected', async () => {
    await addAddressInCheckout(page);
    await page.getByRole('link', { name: 'カードを登録・管理する' }).click();
    const cards = page.getByRole('dialog', { name: 'クレジットカード' });
    await expect(cards.getByLabel('カード番号')).toBeVisible();
    await expectAccessible(page);
    await cards.getByRole('button', { name: '閉じる' }).click();
    await expect(cards).toBeHidden();
    await addCardInCheckout(page);
    await expect(page.getByRole('radio', { name: /^宅配便/ })).toBeChecked();
    await expect(page.getByLabel('お届け時間帯')).toHaveValue('18-21');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('a reload of a dialog URL shows the page, which leads back to checkout', async () => {
    await page.getByRole('link', { name: 'お届け先を編集・削除する' }).click();
    const dialog = page.getByRole('dialog', { name: '配送先住所' });
    await expect(dialog.getByText(TEST_ADDRESS.printed)).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: '配送先住所' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('link', { name: 'ご注文手続きに戻る' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文手続き' })).toBeVisible();
    await expect(page.getByRole('radio', { name: TEST_ADDRESS.recipient })).toBeChecked();
    await expect(page.getByRole('radio', { name: /VISA \*\*\*\* 4242/ })).toBeChecked();
  });
});
