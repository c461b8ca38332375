import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../testing/downloads';
import { onePage, READ_ONLY, twoPages } from '../../testing/fake-api';
import { renderAt, renderList } from '../../testing/render';
import { PRODUCT } from './test-product';
import type { AdminProductRow } from './types';

const LIST = 'GET /api/admin/products/';

function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}

/** The product as the list shows it (the API picks these fields), with a second, priced version. */
const ROW: AdminProductRow = {
  ...pick(PRODUCT, [
    'id',
    'slug',
    'title',
    'categories',
    'isbn',
    'isAdult',
    'releaseDate',
    'releaseDatePrecision',
    'reservationType',
    'coverImage',
    'updatedAt',
  ]),
  variations: [
    ...PRODUCT.variations,
    {
      id: 71,
      name: '特装版',
      position: 2,
      unitPrice: 2200,
      pointValue: 22,
      stock: 5,
      inStock: true,
    },
  ],
};

describe('ProductsPage', () => {
  it('searches through the URL, pages by the API’s cursor, shows 価格未定 and the release', async () => {
    const { fake, table } = await renderList(
      '/catalog/products',
      { [LIST]: twoPages([ROW], '7') },
      '商品（新しい順）',
    );
    expect(within(table).getByText('通常版 価格未定 在庫0 / 特装版 2,200円 在庫5')).toBeTruthy();
    expect(within(table).getByText('2027年3月発売予定', { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'キーワード・JAN/ISBN' }), {
      target: { value: ' 星の図書館 ' },
    });
    fireEvent.change(screen.getByLabelText('カテゴリ'), { target: { value: 'コミック' } });
    fireEvent.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(window.location.search).toBe(
        `?q=${encodeURIComponent('星の図書館')}&category=${encodeURIComponent('コミック')}`,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: '次へ' }));
    await screen.findByText('条件に合う商品はありません。');
    const last = fake.calls(LIST).at(-1)?.url.searchParams;
    expect([last?.get('q'), last?.get('category'), last?.get('cursor')]).toEqual([
      '星の図書館',
      'コミック',
      '7',
    ]);
  });

  it('downloads the catalog as CSV, and offers read-only staff no import or registration', async () => {
    const { saved, restore } = catchDownloads('blob:products');
    const { fake } = renderAt(
      '/catalog/products',
      {
        [LIST]: onePage([ROW]),
        'GET /api/admin/products/export/': () =>
          new Response('\uFEFFproduct_id,jan\n7,9784000000016\n', {
            headers: { 'content-type': 'text/csv; charset=utf-8' },
          }),
      },
      READ_ONLY,
    );
    await screen.findByRole('table', { name: '商品（新しい順）' });
    expect(screen.queryByRole('link', { name: 'CSVインポート' })).toBeNull();
    expect(screen.queryByRole('link', { name: '新規登録' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'CSVエクスポート' }));
    await waitFor(() => expect(saved).toEqual(['products.csv blob:products']));
    expect(fake.calls('GET /api/admin/products/export/')).toHaveLength(1);
    restore();
  });
});
