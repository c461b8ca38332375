import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, READ_ONLY } from '../../testing/fake-api';
import { expectTexts, field, type } from '../../testing/queries';
import { renderAt } from '../../testing/render';
import { PRODUCT } from './test-product';

const CREATE = 'POST /api/admin/products/';

/** 商品登録 opened, its API answering `create`, with a title and a category: enough to send. */
async function newProduct(title: string, create: () => Response) {
  const rendered = renderAt('/catalog/products/new', { [CREATE]: create });
  await screen.findByRole('heading', { name: '商品登録' });
  type('商品名', title);
  fireEvent.click(screen.getByRole('checkbox', { name: 'コミック' }));
  return rendered;
}

describe('NewProductPage', () => {
  it('tells each mistake in Japanese under its field and sends nothing', async () => {
    const { fake } = renderAt('/catalog/products/new', {});
    await screen.findByRole('heading', { name: '商品登録' });
    type('価格（円・税込）', '0');
    type('ポイント', '-1');
    type('予約の種類', 'UNRELEASED');
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    await expectTexts([
      '入力内容を確認してください。',
      '商品名を入力してください。',
      'カテゴリを1つ以上選んでください。',
      '予約受付中（発売前）の商品には発売日を入力してください。',
      '価格は1円以上の整数（円・税込）で入力してください。空欄は価格未定です。',
      'ポイントは0以上の整数で入力してください。',
    ]);
    expect(field('商品名').getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls(CREATE)).toHaveLength(0);
  });

  it('registers a 価格未定 pre-order with two versions and a limited benefit, then opens it', async () => {
    const { fake } = renderAt('/catalog/products/new', {
      [CREATE]: () => Response.json(PRODUCT, { status: 201 }),
      'GET /api/admin/products/7/': () => PRODUCT,
    });
    await screen.findByRole('heading', { name: '商品登録' });
    type('商品名', ' 星の図書館 1 ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'コミック' }));
    type('JAN/ISBN', '978-4-00-000001-6');
    type('発売日', '2027-03-11');
    type('発売日の精度', 'month');
    expect(screen.getByText('表示：2027年3月発売予定', { exact: false })).toBeTruthy();
    type('予約の種類', 'UNRELEASED');
    type('販売開始日時（日本時間）', '2026-12-01T10:00');
    fireEvent.click(screen.getByRole('checkbox', { name: /成人向け/ }));
    fireEvent.click(screen.getByRole('button', { name: '版を追加' }));
    const [, second] = screen.getAllByRole('textbox', { name: '版' });
    fireEvent.change(second as HTMLElement, { target: { value: '特装版' } });
    fireEvent.change(screen.getAllByLabelText('価格（円・税込）')[1] as HTMLElement, {
      target: { value: '２，２００' },
    });
    fireEvent.change(screen.getAllByLabelText('ポイント')[1] as HTMLElement, {
      target: { value: '22' },
    });
    fireEvent.click(screen.getByRole('button', { name: '特典を追加' }));
    type('特典1', 'イラストカード');
    type('上限数', '100');
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByRole('heading', { name: '星の図書館 1' })).toBeTruthy();
    const [sent] = fake.calls(CREATE);
    expect(sent?.body).toMatchObject({
      title: '星の図書館 1',
      categories: ['コミック'],
      isbn: '978-4-00-000001-6',
      isAdult: true,
      releaseDate: '2027-03-11',
      releaseDatePrecision: 'month',
      reservationType: 'UNRELEASED',
      saleStartsAt: '2026-12-01T10:00:00+09:00',
      variations: [
        { name: '通常版', unitPrice: null, pointValue: 0, stock: 0 },
        { name: '特装版', unitPrice: 2200, pointValue: 22, stock: 0 },
      ],
      benefits: [
        { title: 'イラストカード', availableMaxNum: 100, distributed: true, expiryDate: null },
      ],
    });
  });

  it('shows the API’s refusal under the field it names', async () => {
    await newProduct('重複', () =>
      apiError(409, 'product_code_taken', 'このJAN/ISBNの商品はすでに登録されています。', [
        { path: 'isbn', message: 'このJAN/ISBNは商品ID 3 が使っています' },
      ]),
    );
    type('JAN/ISBN', '9784000000016');
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('このJAN/ISBNは商品ID 3 が使っています')).toBeTruthy();
    expect(screen.getByText('このJAN/ISBNの商品はすでに登録されています。')).toBeTruthy();
  });

  it('names two versions apart, and shows a refusal under the version the API names', async () => {
    const { fake } = await newProduct('星の図書館 2', () =>
      apiError(422, 'invalid_request', '入力内容を確認してください。', [
        { path: 'variations.1.unitPrice', message: '価格が大きすぎます' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: '版を追加' }));
    const [first, second] = screen.getAllByRole('textbox', { name: '版' });
    fireEvent.change(second as HTMLElement, { target: { value: ' 通常版 ' } });
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('同じ名前の版がすでにあります。')).toBeTruthy();
    expect(second?.getAttribute('aria-invalid')).toBe('true');
    expect(first?.getAttribute('aria-invalid')).not.toBe('true');
    expect(fake.calls(CREATE)).toHaveLength(0);

    fireEvent.change(second as HTMLElement, { target: { value: '特装版' } });
    fireEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('価格が大きすぎます')).toBeTruthy();
    const prices = screen.getAllByLabelText('価格（円・税込）');
    expect(prices[1]?.getAttribute('aria-invalid')).toBe('true');
    expect(prices[0]?.getAttribute('aria-invalid')).not.toBe('true');
    expect(fake.calls(CREATE)).toHaveLength(1);
  });
});

describe('ProductPage', () => {
  it('sends only the changed fields, refuses a benefit limit below what was handed out', async () => {
    const { fake } = renderAt('/catalog/products/7', {
      'GET /api/admin/products/7/': () => PRODUCT,
      'PATCH /api/admin/products/7/': (request) => ({
        ...PRODUCT,
        ...(request.body as object),
        benefits: PRODUCT.benefits,
      }),
    });
    await screen.findByRole('heading', { name: '星の図書館 1' });
    const form = screen.getByRole('form', { name: '商品の編集' });
    type('上限数', '30', form);
    fireEvent.click(screen.getByRole('button', { name: '商品を保存' }));
    expect(await screen.findByText('上限数は配布済みの40個より少なくできません。')).toBeTruthy();
    expect(fake.calls('PATCH /api/admin/products/7/')).toHaveLength(0);

    type('上限数', '100', form);
    type('出版社', '星海社文庫', form);
    fireEvent.click(screen.getByRole('button', { name: '商品を保存' }));
    await screen.findByText('商品を保存しました');
    expect(fake.calls('PATCH /api/admin/products/7/')[0]?.body).toEqual({
      publisher: '星海社文庫',
    });
  });

  it('saves a version’s changed price alone and uploads a cover after previewing it', async () => {
    const priced = { ...PRODUCT.variations[0], unitPrice: 770, pointValue: 7, inStock: false };
    const { fake } = renderAt('/catalog/products/7', {
      'GET /api/admin/products/7/': () => PRODUCT,
      'PATCH /api/admin/variations/70/': () => ({
        product: { ...PRODUCT, variations: [priced] },
        variation: priced,
        restockNotices: 0,
      }),
      'PUT /api/admin/products/7/cover/': () => ({
        ...PRODUCT,
        coverImage: '/covers/040000000007-abcdef012345_240.png',
        coverUploaded: true,
      }),
    });
    await screen.findByRole('heading', { name: '星の図書館 1' });
    const version = screen.getByRole('group', { name: '版「通常版」' });
    type('価格（円・税込）', '770', version);
    type('ポイント', '7', version);
    fireEvent.click(within(version).getByRole('button', { name: '保存' }));
    await screen.findByText('「通常版」を保存しました');
    expect(fake.calls('PATCH /api/admin/variations/70/')[0]?.body).toEqual({
      unitPrice: 770,
      pointValue: 7,
    });

    const gif = new File(['GIF89a'], 'cover.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText(/表紙画像/), { target: { files: [gif] } });
    expect(
      await screen.findByText('表紙画像はJPEG・PNG・WebPのファイルを選んでください。'),
    ).toBeTruthy();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/表紙画像/), { target: { files: [png] } });
    const preview = await screen.findByRole('img', { name: 'アップロードする表紙' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(screen.getByRole('button', { name: '表紙をアップロード' }));
    await screen.findByText('表紙を更新しました');
    const [upload] = fake.calls('PUT /api/admin/products/7/cover/');
    expect(upload?.headers.get('content-type')).toBe('image/png');
    expect(screen.getByRole('img', { name: '現在の表紙' }).getAttribute('src')).toBe(
      '/covers/040000000007-abcdef012345_240.png',
    );
  });

  it('shows read-only staff the product without a way to save it', async () => {
    renderAt('/catalog/products/7', { 'GET /api/admin/products/7/': () => PRODUCT }, READ_ONLY);
    await screen.findByRole('heading', { name: '星の図書館 1' });
    expect(field('商品名').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: '商品を保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByLabelText(/表紙画像/)).toBeNull();
    // The storefront's product page, by @shop/rules' route (not a path written here).
    expect(screen.getByRole('link', { name: 'ストアで見る' }).getAttribute('href')).toBe(
      '/product/040000000007',
    );
  });
});
