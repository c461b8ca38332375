import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, READ_ONLY } from '../../testing/fake-api';
import { renderAt } from '../../testing/render';

const IMPORT = 'POST /api/admin/products/import/';
const HEADER = 'product_id,jan,title,categories,genre,variation,price,points,stock\n';
const BAD = `${HEADER},9784000000016,本A,コミック,comic,通常版,abc,0,5\n,9784000000023,本B,コミック,comic,通常版,,0,0\n`;
const GOOD = `${HEADER},9784000000016,本A,コミック,comic,通常版,660,6,5\n,9784000000023,本B,コミック,comic,通常版,,0,0\n`;

function choose(text: string) {
  const file = new File([text], 'products.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSVファイル'), { target: { files: [file] } });
}

const COUNTS = {
  rows: 2,
  created: 2,
  updated: 0,
  unchanged: 0,
  variationsCreated: 2,
  variationsUpdated: 0,
};

describe('ImportPage', () => {
  it('lists every refused row by line and column, offers no import, then imports the corrected file', async () => {
    const { fake } = renderAt('/catalog/import', {
      [IMPORT]: (request) => {
        if (request.body === BAD) {
          // The import's details carry each row's line and column besides path and message.
          return Response.json(
            {
              error: {
                code: 'invalid_csv',
                message:
                  'CSVに誤りが2件あります。該当する行を直して、もう一度アップロードしてください（何も取り込まれていません）。',
                details: [
                  {
                    path: '2.price',
                    line: 2,
                    column: 'price',
                    message: '価格を数値で指定してください',
                  },
                  {
                    path: '46.jan',
                    line: 46,
                    column: 'jan',
                    message: 'JAN/ISBNのチェックディジットが正しくありません',
                  },
                ],
              },
            },
            { status: 400 },
          );
        }
        return { dryRun: request.url.searchParams.get('dryRun') === '1', ...COUNTS };
      },
    });
    await screen.findByRole('heading', { name: '商品CSVインポート' });
    choose(BAD);
    fireEvent.click(screen.getByRole('button', { name: '内容を確認する' }));
    const refused = await screen.findByRole('region', { name: 'CSVの誤り' });
    expect(
      within(refused)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '2行目price価格を数値で指定してください',
      '46行目janJAN/ISBNのチェックディジットが正しくありません',
    ]);
    expect(within(refused).getByText(/何も取り込まれていません/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取り込む' })).toBeNull();
    const [first] = fake.calls(IMPORT);
    expect(first?.url.search).toBe('?dryRun=1');
    expect(first?.headers.get('content-type')).toBe('text/csv');
    expect(first?.headers.get('x-csrf-token')).toBe('csrf-token-of-the-test');

    choose(GOOD);
    expect(screen.queryByRole('region', { name: 'CSVの誤り' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '内容を確認する' }));
    const checked = await screen.findByRole('region', { name: '取り込む内容' });
    expect(within(checked).getByText('まだ取り込んでいません', { exact: false })).toBeTruthy();
    expect(fake.calls(IMPORT)).toHaveLength(2);
    fireEvent.click(within(checked).getByRole('button', { name: '取り込む' }));
    const done = await screen.findByRole('region', { name: '取り込みの結果' });
    const imported = fake.calls(IMPORT)[2];
    expect(imported?.url.search).toBe('');
    expect(imported?.body).toBe(GOOD);
    expect(within(done).getByText('2件')).toBeTruthy();
  });

  it('shows a refusal that is not about rows (too many rows) as the API words it', async () => {
    renderAt('/catalog/import', {
      [IMPORT]: () =>
        apiError(413, 'csv_too_many_rows', 'CSVは5,000行までです。ファイルを分けてください。'),
    });
    await screen.findByRole('heading', { name: '商品CSVインポート' });
    choose(GOOD);
    fireEvent.click(screen.getByRole('button', { name: '内容を確認する' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'CSVは5,000行までです。ファイルを分けてください。',
    );
    expect(screen.queryByRole('button', { name: '取り込む' })).toBeNull();
  });

  it('is not offered to read-only staff, and refused by URL', async () => {
    renderAt('/catalog/import', {}, READ_ONLY);
    expect(await screen.findByRole('heading', { name: '権限がありません' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'CSVインポート' })).toBeNull();
    expect(screen.getByRole('link', { name: '商品一覧' })).toBeTruthy();
  });
});
