import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  addFromProductPage,
  checkoutWith,
  findProduct,
  loginInModal,
  OPERATOR_TOKEN,
  registerInModal,
  uniqueEmail,
  unitsLeft,
} from './account-support';
import { expect, openHydrated, test } from './fixtures';
import { LIFECYCLE_URL } from './servers';

// An order paid by bank transfer, from the shopper's side (docs/lifecycle.md): the account and
// due date are the order's, found again in a new browser; the clock passes the due date, the
// job cancels the order and its stock comes back; the mails are in the local mailbox.

test.use({ baseURL: LIFECYCLE_URL });

const staff = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/** Opens the order history in a fresh browser context, logging in through the modal. */
async function orderHistoryInNewContext(
  browser: import('@playwright/test').Browser,
  email: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: LIFECYCLE_URL });
  const page = await context.newPage();
  await openHydrated(page, '/mypage/order-history');
  await loginInModal(page, email);
  await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
  return page;
}

test('a transfer order: account and due date found again, cancelled after the due date, mails kept', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail();
  await registerInModal(page, email);
  const product = await findProduct(request, 'buy');
  const before = await unitsLeft(request, product.variationId);
  await addFromProductPage(page, product.slug, /カートに入れる/);
  await checkoutWith(page, { shipping: /^宅配便/, payment: /^銀行振込/, newAddress: true });
  await expect(page.getByRole('rowheader', { name: '振込先' })).toBeVisible();
  await page.close();

  // A new browser: nothing of the checkout tab, only the order itself.
  const history = await orderHistoryInNewContext(browser, email);
  const card = history.getByRole('article', { name: /ご注文番号/ }).first();
  await expect(card.getByText('入金待ち')).toBeVisible();
  await expect(card.getByRole('rowheader', { name: '振込先' })).toBeVisible();
  const orders = (await (await history.request.get('/api/orders/')).json()) as {
    orders: { id: number; paymentInstructions: { accountNumber: string; dueDate: string } }[];
  };
  const [order] = orders.orders;
  if (!order) throw new Error('no order in the history');
  const { accountNumber, dueDate } = order.paymentInstructions;
  await expect(card.getByRole('cell', { name: new RegExp(accountNumber) })).toBeVisible();
  const [y, m, d] = dueDate.split('-').map(Number);
  await expect(card.getByRole('cell', { name: new RegExp(`^${y}年${m}月${d}日`) })).toBeVisible();
  expect(await unitsLeft(request, product.variationId)).toBe(before - 1);
  await history.context().close();

  // 00:00 JST the day after the due date, then the due-date job, as its tick would run it.
  const moved = await request.post('/api/operator/test/clock/', {
    headers: staff,
    data: { now: new Date(`${dueDate}T15:00:30Z`).toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const ran = await request.post('/api/operator/test/jobs/payment_overdue_cancellations/run/', {
    headers: staff,
  });
  expect(ran.status(), await ran.text()).toBe(200);

  const after = await orderHistoryInNewContext(browser, email);
  const cancelled = after.getByRole('article', { name: `ご注文番号 ${order.id}` });
  await expect(cancelled.getByText('キャンセル', { exact: true })).toBeVisible();
  await expect(cancelled.getByRole('rowheader', { name: '振込先' })).toHaveCount(0);
  expect(await unitsLeft(request, product.variationId)).toBe(before);
  await after.context().close();

  // The mails, delivered to the local mailbox (DATA_DIR/mailbox) and listed at /dev/mailbox.
  const mailbox = join(process.env.E2E_LIFECYCLE_DATA_DIR ?? '', 'mailbox');
  const subjects = () =>
    readdirSync(mailbox)
      .filter((name) => name.endsWith('.json'))
      .map(
        (name) =>
          JSON.parse(readFileSync(join(mailbox, name), 'utf8')) as { to: string; subject: string },
      )
      .filter((mail) => mail.to.includes(email))
      .map((mail) => mail.subject)
      .sort();
  await expect
    .poll(subjects, { timeout: 20_000 })
    .toEqual(
      [
        `【本の店】ご注文ありがとうございます（ご注文番号 ${order.id}）`,
        `【本の店】ご入金のお願い（ご注文番号 ${order.id}）`,
        `【本の店】ご注文キャンセルのお知らせ（ご注文番号 ${order.id}）`,
      ].sort(),
    );
  const view = await request.get('/dev/mailbox');
  expect(await view.text()).toContain(`ご注文キャンセルのお知らせ（ご注文番号 ${order.id}）`);
});
