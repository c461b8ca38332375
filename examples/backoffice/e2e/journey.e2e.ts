import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  CARRIERS,
  ean13CheckDigit,
  formatReleaseDate,
  formatYen,
  jstToday,
  routePath,
} from '@shop/rules';
import { OPERATOR_TOKEN } from './servers';
import {
  addStaff,
  buyableVariations,
  freshTotpCode,
  mailSubjects,
  productSlug,
  reservationSummary,
  Shopper,
  snap,
  unique,
} from './support';

// The journey, in its order (docs/backoffice.md "The application"): a staff member added
// by the owner logs in, enrols in two-factor login and replaces the temporary password, logs in
// again with the authenticator's code, imports a distributor's CSV of 50 products (one bad row
// refused by its line and nothing imported, then the corrected file; docs/backoffice.md "Product
// CSV format"), decides a 価格未定 price, postpones a release, confirms ten transfers and ships the
// ten orders from a tracking CSV; the storefront and the shoppers' mails follow each step.

/** A date `days` after today in Japan, as the date input takes it. */
function daysFromToday(days: number): string {
  const date = new Date(`${jstToday(new Date())}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A JAN/ISBN-13 of the run: 978, nine digits of the run and `n`, and its check digit. */
function jan(run: string, n: number): string {
  const first12 = `978${run}${String(n).padStart(3, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/**
 * The import's two files: 50 products of the run, and the same with product 26's price unreadable
 * (line 1 is the header, so product n is on line n + 1 and the bad row is line 27).
 */
async function productFeed(request: APIRequestContext) {
  // The export's header names every column in the documented order.
  const exported = await request.get('/api/admin/products/export/', {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(exported.status()).toBe(200);
  const header = (await exported.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  const columns = header.split(',');
  const run = String(Date.now()).slice(-6);
  const tag = unique();
  const titleOf = (n: number) => `取込テスト ${tag} 第${n}巻`;
  const rowOf = (n: number, price: string) => {
    const cells: Record<string, string> = {
      jan: jan(run, n),
      title: titleOf(n),
      categories: 'コミック',
      genre: 'comic',
      publisher: '星海社',
      author: '取込 太郎',
      variation: '通常版',
      price,
      points: '0',
      stock: '10',
    };
    return columns.map((column) => cells[column] ?? '').join(',');
  };
  const rows = (bad: boolean) =>
    Array.from({ length: 50 }, (_, i) => rowOf(i + 1, bad && i + 1 === 26 ? '千円' : '660'));
  const file = (bad: boolean) => ({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${rows(bad).join('\n')}\n`, 'utf8'),
  });
  return { tag, titleOf, withBadRow: file(true), corrected: file(false) };
}

/** Twelve digits a Yamato slip could print, distinct per order. */
const yamatoNumber = (i: number) =>
  `4000${String(Date.now()).slice(-6)}${String(i).padStart(2, '0')}`;

test('a staff member runs the day: TOTP login, a CSV of 50 products, price decision, postponement, ten orders shipped from a CSV', async ({
  page,
  request,
}, testInfo) => {
  const staff = {
    email: `staff-${unique()}@example.jp`,
    name: '出荷 太郎',
    temporaryPassword: `temp-${unique()}-pass`,
  };
  const password = `new-${unique()}-password`;
  await addStaff(request, staff);

  // Data from shoppers: reservations of a 価格未定 edition and of another coming title, and ten
  // orders of released editions paid by bank transfer.
  const summary = await reservationSummary(request);
  const undecided = summary.find((row) => row.priceUndecided);
  const coming = summary.find(
    (row) => !row.priceUndecided && row.productId !== undecided?.productId && row.releaseDate,
  );
  if (!undecided || !coming) throw new Error('the demo catalog has no 価格未定 or coming edition');
  const reserver = await Shopper.register();
  await reserver.reserve(undecided.variationId);
  await reserver.reserve(coming.variationId);
  const buyer = await Shopper.register();
  const orderIds: number[] = [];
  for (const variationId of await buyableVariations(request, 10)) {
    orderIds.push(await buyer.buy(variationId));
  }
  const feed = await productFeed(request);
  const usedCodes = new Set<string>();
  let secret = '';

  await test.step('first login: enrol in TOTP, replace the temporary password', async () => {
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Forders/);
    await page.getByLabel('メールアドレス').fill(staff.email);
    await page.getByLabel('パスワード').fill(staff.temporaryPassword);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('heading', { name: '2段階認証の設定' })).toBeVisible();
    await page.getByRole('button', { name: '設定を始める' }).click();
    await expect(page.getByAltText('2段階認証のQRコード')).toBeVisible();
    secret = (await page.locator('.totp-secret').textContent()) ?? '';
    await snap(page, testInfo, '01-totp-enrolment');
    await page.getByLabel('確認コード').fill(await freshTotpCode(secret, usedCodes));
    await page.getByRole('button', { name: '確認して有効にする' }).click();
    await expect(page.getByRole('heading', { name: 'パスワード変更' })).toBeVisible();
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('現在のパスワード').fill(staff.temporaryPassword);
    await field('新しいパスワード').fill(password);
    await field('新しいパスワード（確認）').fill(password);
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByRole('heading', { name: '注文一覧' })).toBeVisible();
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page.getByRole('heading', { name: '管理画面ログイン' })).toBeVisible();
  });

  await test.step('log in with e-mail, password and the authenticator’s code', async () => {
    await page.getByLabel('メールアドレス').fill(staff.email);
    await page.getByLabel('パスワード').fill(password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByLabel('確認コード').fill(await freshTotpCode(secret, usedCodes));
    await page.getByRole('button', { name: '確認してログイン' }).click();
    // Back where the logout left: the page the login was asked from.
    await expect(page.getByRole('heading', { name: '注文一覧' })).toBeVisible();
    await page.getByRole('link', { name: 'ダッシュボード' }).click();
    await expect(page.getByRole('heading', { name: /^ダッシュボード/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '管理メニュー' })).toBeVisible();
    // A staff member (not an owner) is not shown the staff accounts.
    await expect(page.getByRole('link', { name: 'スタッフ', exact: true })).toHaveCount(0);
    await snap(page, testInfo, '02-dashboard');
  });

  await test.step('import 50 products: the file with a bad row is refused by its line, nothing is imported', async () => {
    await page.goto('/admin/catalog/import');
    await expect(page.getByRole('heading', { name: '商品CSVインポート' })).toBeVisible();
    await page.getByLabel('CSVファイル').setInputFiles(feed.withBadRow);
    await page.getByRole('button', { name: '内容を確認する' }).click();
    const refused = page.getByRole('region', { name: 'CSVの誤り' });
    await expect(refused.getByRole('row')).toHaveCount(2);
    await expect(refused.getByRole('row').nth(1)).toContainText('27行目');
    await expect(refused.getByRole('row').nth(1)).toContainText('price');
    await expect(page.getByRole('button', { name: '取り込む' })).toHaveCount(0);
    await snap(page, testInfo, '03-import-refused-row');
    const search = await request.get(`/api/search/?q=${encodeURIComponent(feed.titleOf(1))}`);
    const { items } = (await search.json()) as { items: { title: string }[] };
    expect(items.filter((item) => item.title.includes(feed.tag))).toEqual([]);
  });

  await test.step('the corrected file is checked, imported, and shown on the storefront', async () => {
    await page.getByLabel('CSVファイル').setInputFiles(feed.corrected);
    await page.getByRole('button', { name: '内容を確認する' }).click();
    const checked = page.getByRole('region', { name: '取り込む内容' });
    await expect(checked.getByText('50行')).toBeVisible();
    await checked.getByRole('button', { name: '取り込む' }).click();
    const done = page.getByRole('region', { name: '取り込みの結果' });
    await expect(done).toBeVisible();
    await expect(done.getByText('50件').first()).toBeVisible();
    await snap(page, testInfo, '04-import-imported');
    // The storefront as a shopper sees it, in a tab of its own: the back office stays open.
    const storefront = await page.context().newPage();
    for (const n of [1, 26, 50]) {
      const slug = await productSlug(request, feed.titleOf(n));
      await storefront.goto(routePath('product', { slug }));
      await expect(storefront.getByRole('heading', { name: feed.titleOf(n) })).toBeVisible();
      await expect(storefront.getByText('660円').first()).toBeVisible();
    }
    await storefront.close();
  });

  const price = 1540;
  await test.step('decide the 価格未定 price in 予約集計', async () => {
    await page.getByRole('link', { name: '予約集計' }).click();
    await page.getByLabel('タイトル').fill(undecided.title);
    await page.getByRole('button', { name: '集計する' }).click();
    const row = page
      .getByRole('row')
      .filter({ hasText: undecided.variationName })
      .filter({ hasText: '価格未定' })
      .first();
    await row.getByRole('button', { name: '価格決定' }).click();
    const dialog = page.getByRole('dialog', { name: '価格決定' });
    await dialog.getByLabel('価格（円・税込）').fill(String(price));
    await snap(page, testInfo, '05-price-decision');
    await dialog.getByRole('button', { name: '価格を決定する' }).click();
    await expect(
      page.getByText(`価格を${formatYen(price)}に決定しました`, { exact: true }),
    ).toBeVisible();
  });

  const newDate = daysFromToday(75);
  await test.step('postpone the coming title with a date, precision and reason', async () => {
    await page.getByLabel('タイトル').fill(coming.title);
    await page.getByRole('button', { name: '集計する' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: coming.title })
      .first()
      .getByRole('button', { name: '発売延期' })
      .click();
    const dialog = page.getByRole('dialog', { name: '発売延期' });
    await dialog.getByLabel('新しい発売日').fill(newDate);
    await dialog.getByLabel('発売日の精度').selectOption('month_part');
    await dialog.getByLabel('理由').fill('印刷所の都合により');
    await expect(
      dialog.getByText(
        `お客様への表示：${formatReleaseDate({ date: newDate, precision: 'month_part' })}`,
      ),
    ).toBeVisible();
    await snap(page, testInfo, '06-postponement');
    await dialog.getByRole('button', { name: '発売日を変更する' }).click();
    await expect(
      page.getByText(
        `発売日を${formatReleaseDate({ date: newDate, precision: 'month_part' })}に変更しました`,
        { exact: true },
      ),
    ).toBeVisible();
  });

  await test.step('confirm the ten transfers in the order list (filters in the URL)', async () => {
    await page.getByRole('link', { name: '注文一覧' }).click();
    await page.getByLabel('状態').selectOption('awaiting_payment');
    await page.getByLabel('会員ID').fill(String(buyer.memberId));
    await page.getByRole('button', { name: '絞り込む' }).click();
    await expect(page).toHaveURL(new RegExp(`state=awaiting_payment.*memberId=${buyer.memberId}`));
    await expect(page.getByRole('checkbox', { name: /^注文 .+ を選択$/ })).toHaveCount(10);
    await page.getByLabel('表示中の行をすべて選択').check();
    await snap(page, testInfo, '07-orders-selected');
    await page.getByRole('button', { name: '入金確認', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '入金確認（10件）' });
    await dialog.getByRole('button', { name: '入金確認する' }).click();
    const results = page.getByRole('dialog', { name: '入金確認（10件）の結果' });
    await expect(results.getByText('10件中 10件を処理しました。')).toBeVisible();
    await results.getByRole('button', { name: '一覧に戻る' }).click();
  });

  const numbers = orderIds.map((_, i) => yamatoNumber(i));
  await test.step('ship the ten orders from a tracking CSV: check first, then ship', async () => {
    await page.goto('/admin/orders/tracking-csv');
    const csv = [
      'order_number,carrier,tracking_number',
      ...orderIds.map((id, i) => `${id},${CARRIERS.yamato.label},${numbers[i]}`),
    ].join('\r\n');
    await page.getByLabel('CSVファイル').setInputFiles({
      name: 'tracking.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: '内容を確認する' }).click();
    const preview = page.getByRole('region', { name: '発送する注文' });
    await expect(preview.getByRole('row')).toHaveCount(11);
    await snap(page, testInfo, '08-tracking-csv-preview');
    await preview.getByRole('button', { name: '10件を発送する' }).click();
    const done = page.getByRole('region', { name: '発送の結果' });
    await expect(done.getByText('10件中 10件を処理しました。')).toBeVisible();
    await snap(page, testInfo, '09-tracking-csv-shipped');
  });

  await test.step('an order’s page shows the shipment and prints its 納品書 on one sheet', async () => {
    await page.goto(`/admin/orders/${orderIds[0]}`);
    await expect(page.getByText(`${CARRIERS.yamato.label} 追跡番号`)).toBeVisible();
    await page.getByRole('link', { name: '納品書を印刷' }).click();
    await expect(page.getByRole('article', { name: '納品書' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: '管理メニュー' })).toBeHidden();
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    // One A4 page: a PDF lists each page as one /Type /Page object.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('the storefront and the mails follow each action', async () => {
    const orders = await buyer.orders();
    for (const [i, id] of orderIds.entries()) {
      const order = orders.find((o) => o.id === id);
      expect(order?.state, `order ${id}`).toBe('shipped');
      expect(order?.tracking?.trackingNumber).toBe(numbers[i]);
    }
    const undecidedPage = await request.get(
      routePath('product', { slug: await productSlug(request, undecided.title) }),
    );
    expect(await undecidedPage.text()).toContain(formatYen(price));
    const comingPage = await request.get(
      routePath('product', { slug: await productSlug(request, coming.title) }),
    );
    expect(await comingPage.text()).toContain(
      formatReleaseDate({ date: newDate, precision: 'month_part' }),
    );

    await expect
      .poll(() => mailSubjects(buyer.email).filter((s) => s.includes('発送のお知らせ')).length, {
        timeout: 30_000,
      })
      .toBe(10);
    expect(
      mailSubjects(buyer.email).filter((s) => s.includes('ご入金を確認しました')),
    ).toHaveLength(10);
    await expect
      .poll(() => mailSubjects(reserver.email).some((s) => s.includes('価格決定')), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect
      .poll(() => mailSubjects(reserver.email).some((s) => s.includes('発売延期')), {
        timeout: 30_000,
      })
      .toBe(true);
  });

  await test.step('the audit log shows the staff member’s actions', async () => {
    await page.goto('/admin/audit-log');
    await expect(page.getByRole('cell', { name: staff.name }).first()).toBeVisible();
    await snap(page, testInfo, '10-audit-log');
  });
});
