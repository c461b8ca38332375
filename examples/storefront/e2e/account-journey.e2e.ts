import {
  addFromProductPage,
  addReleasedViaApi,
  findProduct,
  registerInModal,
  uniqueEmail,
} from './account-support';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';

test('a new member reserves and buys in one checkout, pays by card, cancels the reservation', async ({
  page,
  request,
  consoleErrors,
}) => {
  const reserved = await findProduct(
    request,
    'reserve',
    (v, released) => !released && v.can_reserve && v.stock_label === '予約受付中',
  );
  const inStock = await findProduct(
    request,
    'release',
    (v, released) => released && v.stock_label === '予約受付中',
    [reserved.slug],
  );
  const stockBefore = await request.get(`/api/products/${reserved.slug}/`).then((r) => r.json());

  await registerInModal(page, uniqueEmail());
  await addFromProductPage(page, reserved.slug, /予約する/);
  await addReleasedViaApi(page, inStock.variationId);

  await page.goto('/cart');
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: '予約商品' })).toBeVisible();
  await expect(page.getByRole('region', { name: '今すぐ発送' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'ご注文手続きへ進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ご注文手続き' })).toBeVisible();
  await page.getByRole('button', { name: '新しいお届け先を追加' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'お届け先の追加' });
  await addressDialog.getByRole('textbox', { name: '姓 必須', exact: true }).fill('栞');
  await addressDialog.getByRole('textbox', { name: '名 必須', exact: true }).fill('花子');
  await addressDialog.getByLabel('セイ（全角カタカナ）').fill('シオリ');
  await addressDialog.getByLabel('メイ（全角カタカナ）').fill('ハナコ');
  await addressDialog.getByLabel('郵便番号').fill('1040061');
  await expect(addressDialog.getByLabel('都道府県')).toHaveValue('東京都');
  await expect(addressDialog.getByLabel('市区町村')).toHaveValue('中央区銀座');
  await addressDialog.getByLabel('番地').fill('1-2-3');
  await addressDialog.getByLabel('電話番号').fill('03-1234-5678');
  await addressDialog.getByRole('button', { name: 'このお届け先を使う' }).click();
  await expect(addressDialog).toBeHidden();

  await page.getByRole('button', { name: '新しいカードを登録' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'クレジットカードの登録' });
  const cardRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) cardRequests.push(r.postData() ?? '');
  });
  await cardDialog.getByLabel('カード番号').fill('4242 4242 4242 4242');
  await cardDialog.getByLabel('月（MM）').fill('12');
  await cardDialog.getByLabel('年（YY）').fill('30');
  await cardDialog.getByLabel('セキュリティコード').fill('123');
  await cardDialog.getByLabel('カード名義（ローマ字）').fill('HANAKO SHIORI');
  await cardDialog.getByRole('button', { name: 'このカードを使う' }).click();
  await expect(cardDialog).toBeHidden();
  await expect(page.getByText('VISA **** 4242')).toBeVisible();
  expect(cardRequests.some((body) => body.includes('4242424242424242'))).toBe(false);

  await page.getByLabel('お届け時間帯').selectOption('morning');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();

  await expect(page.getByRole('heading', { name: /2件のご注文に分かれます/ })).toBeVisible();
  await expect(page.getByText('お届け時間帯: 午前中')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'キャンセル・返品について' })).toBeVisible();
  await expectAccessible(page);
  const confirms: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/reserveshop/checkout/'))
      confirms.push(r.headers()['idempotency-key'] ?? '');
  });
  const confirm = page.getByRole('button', { name: '注文を確定する' });
  await confirm.dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文完了' })).toBeVisible();
  expect(confirms).toHaveLength(1);
  await expect(page.getByText(/ご注文番号 \d+/)).toHaveCount(2);
  await expectAccessible(page);

  await page.goto('/mypage');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: '予約中のご注文（1件）' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/mypage/order-history');
  await waitForHydration(page);
  await expect(page.getByText('予約中', { exact: true }).last()).toBeVisible();
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'このご注文をキャンセルする' }).first().click();
  await expect(page.getByText('キャンセル', { exact: true }).first()).toBeVisible();
  const stockAfter = await request.get(`/api/products/${reserved.slug}/`).then((r) => r.json());
  expect(stockAfter.variations[0].stock_label).toBe(stockBefore.variations[0].stock_label);
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});
