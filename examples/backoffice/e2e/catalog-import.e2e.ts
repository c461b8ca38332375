import { expect, test } from '@playwright/test';
import { ean13CheckDigit, routePath } from '@shop/rules';
import { OPERATOR_TOKEN } from './servers';
import { signInNewStaff } from './staff-login';
import { productSlug, snap, unique } from './support';

// The CSV import (docs/backoffice.md "Product CSV format"): a distributor's feed of 50
// products with one bad row is refused with that row's line and nothing imported; the corrected
// file is checked, imported, and the storefront shows its products.

/** A JAN/ISBN-13 of the run: 978, nine digits of the run and `n`, and its check digit. */
function jan(run: string, n: number): string {
  const first12 = `978${run}${String(n).padStart(3, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

test('imports a CSV of 50 products: one bad row refused by its line, then the corrected file', async ({
  page,
  request,
}, testInfo) => {
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
  // Line 1 is the header, so product n is on line n + 1; product 26 (line 27) has a bad price.
  const rows = (bad: boolean) =>
    Array.from({ length: 50 }, (_, i) => rowOf(i + 1, bad && i + 1 === 26 ? '千円' : '660'));
  const file = (bad: boolean) => ({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${rows(bad).join('\n')}\n`, 'utf8'),
  });

  await signInNewStaff(page, request, '/catalog/import');
  await expect(page.getByRole('heading', { name: '商品CSVインポート' })).toBeVisible();

  await test.step('the file with a bad row is refused by its line; nothing is imported', async () => {
    await page.getByLabel('CSVファイル').setInputFiles(file(true));
    await page.getByRole('button', { name: '内容を確認する' }).click();
    const refused = page.getByRole('region', { name: 'CSVの誤り' });
    await expect(refused.getByRole('row')).toHaveCount(2);
    await expect(refused.getByRole('row').nth(1)).toContainText('27行目');
    await expect(refused.getByRole('row').nth(1)).toContainText('price');
    await expect(page.getByRole('button', { name: '取り込む' })).toHaveCount(0);
    await snap(page, testInfo, 'catalog-01-refused-row');
    const search = await request.get(`/api/search/?q=${encodeURIComponent(titleOf(1))}`);
    const { items } = (await search.json()) as { items: { title: string }[] };
    expect(items.filter((item) => item.title.includes(tag))).toEqual([]);
  });

  await test.step('the corrected file is checked, imported, and shown on the storefront', async () => {
    await page.getByLabel('CSVファイル').setInputFiles(file(false));
    await page.getByRole('button', { name: '内容を確認する' }).click();
    const checked = page.getByRole('region', { name: '取り込む内容' });
    await expect(checked.getByText('50行')).toBeVisible();
    await checked.getByRole('button', { name: '取り込む' }).click();
    const done = page.getByRole('region', { name: '取り込みの結果' });
    await expect(done).toBeVisible();
    await expect(done.getByText('50件').first()).toBeVisible();
    await snap(page, testInfo, 'catalog-02-imported');
    const slug = await productSlug(request, titleOf(26));
    await page.goto(routePath('product', { slug }));
    await expect(page.getByRole('heading', { name: titleOf(26) })).toBeVisible();
    await expect(page.getByText('660円').first()).toBeVisible();
  });
});

test('registers a product with two versions and a benefit, then edits a version’s price', async ({
  page,
  request,
}) => {
  const title = `登録テスト ${unique()}`;
  await signInNewStaff(page, request, '/catalog/products/new');
  await expect(page.getByRole('heading', { name: '商品登録' })).toBeVisible();
  await page.getByRole('textbox', { name: '商品名', exact: true }).fill(title);
  await page.getByRole('checkbox', { name: 'コミック' }).check();
  await page.getByRole('textbox', { name: '出版社' }).fill('星海社');
  await page.getByRole('textbox', { name: '価格（円・税込）' }).fill('880');
  await page.getByRole('textbox', { name: '在庫' }).fill('3');
  await page.getByRole('button', { name: '版を追加' }).click();
  await page.getByRole('textbox', { name: '版', exact: true }).nth(1).fill('特装版');
  await page.getByRole('textbox', { name: '価格（円・税込）' }).nth(1).fill('２，２００');
  await page.getByRole('textbox', { name: '在庫' }).nth(1).fill('1');
  await page.getByRole('button', { name: '特典を追加' }).click();
  await page.getByRole('textbox', { name: '特典1' }).fill('イラストカード');
  await page.getByRole('textbox', { name: '上限数' }).fill('100');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const version = page.getByRole('group', { name: '版「通常版」' });
  await version.getByRole('textbox', { name: '価格（円・税込）' }).fill('990');
  await version.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.toast-title', { hasText: '「通常版」を保存しました' })).toBeVisible();

  await page.getByRole('textbox', { name: '出版社' }).fill('星海社文庫');
  await page.getByRole('button', { name: '商品を保存' }).click();
  await expect(page.locator('.toast-title', { hasText: '商品を保存しました' })).toBeVisible();

  await page.goto(routePath('product', { slug: await productSlug(request, title) }));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('990円').first()).toBeVisible();
  await expect(page.getByText('2,200円').first()).toBeVisible();
});
