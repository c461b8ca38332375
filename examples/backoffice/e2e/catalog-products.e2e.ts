import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { routePath } from '@shop/rules';
import { OPERATOR_TOKEN } from './servers';
import { signInNewStaff } from './staff-login';
import { productSlug, snap, unique } from './support';

/** The part of sharp the test uses: a plain image made from nothing, encoded as a JPEG. */
type Sharp = (options: {
  create: { width: number; height: number; channels: 3; background: string };
}) => { jpeg(): { toBuffer(): Promise<Buffer> } };

// The shop processes covers with sharp (@shop/api's dependency); the test makes its upload with the
// same library, from the api package where it is installed.
const sharp = createRequire(new URL('../../../packages/api/package.json', import.meta.url))(
  'sharp',
) as Sharp;

// The product pages of the back office against the real API (docs/backoffice.md "Catalog"): a
// product registered with its versions and a benefit, then edited; a cover uploaded, previewed,
// and served by the storefront's image endpoint. The CSV import is a step of journey.e2e.ts.

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

test('uploads a cover: previewed in the back office, served by the storefront’s image endpoint', async ({
  page,
  request,
}, testInfo) => {
  const title = `表紙テスト ${unique()}`;
  const created = await request.post('/api/admin/products/', {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    data: {
      title,
      categories: ['コミック'],
      genre: 'comic',
      variations: [{ name: '通常版', unitPrice: 770, pointValue: 0, stock: 5 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // A real JPEG a scanner could give: 300 × 420 px (wider than the 200 px the shop needs).
  const jpeg = await sharp({
    create: { width: 300, height: 420, channels: 3, background: '#2f6f8f' },
  })
    .jpeg()
    .toBuffer();

  await signInNewStaff(page, request, `/catalog/products/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const covers = page.getByRole('region', { name: '表紙' });
  const current = covers.getByRole('img', { name: '現在の表紙' });
  // A new product shows the shop's placeholder until a cover is uploaded.
  const placeholder = await current.getAttribute('src');
  await covers.getByLabel('表紙画像（JPEG・PNG・WebP、10MBまで）').setInputFiles({
    name: 'cover.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg,
  });
  const preview = covers.getByRole('img', { name: 'アップロードする表紙' });
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await snap(page, testInfo, 'cover-01-preview');
  await covers.getByRole('button', { name: '表紙をアップロード' }).click();
  await expect(page.locator('.toast-title', { hasText: '表紙を更新しました' })).toBeVisible();
  await expect(preview).toHaveCount(0);
  expect(await current.getAttribute('src')).not.toBe(placeholder);
  // The stored cover's name: the product's slug and a hash of the image (a new upload, a new URL).
  const slug = await productSlug(request, title);
  await expect(current).toHaveAttribute(
    'src',
    new RegExp(`^/covers/${slug}-[0-9a-f]{12}_240\\.png$`),
  );
  const stored = (await current.getAttribute('src')) ?? '';
  await expect
    .poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto(routePath('product', { slug }));
  const shown = page.getByRole('img', { name: `${title}の表紙` });
  // The product page shows the large source of the same stored cover through /_image.
  const large = stored.replace(/_240\.png$/, '_600.png');
  await expect(shown).toHaveAttribute(
    'src',
    new RegExp(`^/_image\\?url=${encodeURIComponent(large).replaceAll('.', '\\.')}&`),
  );
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await snap(page, testInfo, 'cover-02-storefront');
});
