import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type Handler } from '../../testing/fake-api';
import { renderAt } from '../../testing/render';

const CSV =
  'order_number,carrier,tracking_number\n101,yamato,123456789012\n102,佐川急便,1234567890\n';
const UPLOAD = 'POST /api/admin/orders/tracking-csv/';

/** The page opened with the API answering `upload`, CSV chosen and sent to be checked. */
async function checkCsv(upload: Handler) {
  const rendered = renderAt('/orders/tracking-csv', { [UPLOAD]: upload });
  await screen.findByRole('heading', { name: '追跡番号CSVで発送' });
  const file = new File([CSV], 'tracking.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSVファイル'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: '内容を確認する' }));
  return rendered;
}

describe('TrackingCsvPage', () => {
  it('checks the file first (dry run), then ships it and shows each order’s result', async () => {
    const { fake } = await checkCsv((request) => {
      const rows = [
        { line: 2, orderId: 101, carrier: 'yamato', trackingNumber: '123456789012' },
        { line: 3, orderId: 102, carrier: 'sagawa', trackingNumber: '1234567890' },
      ];
      if (request.url.searchParams.get('dryRun') === '1')
        return { dryRun: true, rows, results: [] };
      return {
        dryRun: false,
        rows,
        results: [
          { id: 101, ok: true, order: { state: 'shipped' } },
          {
            id: 102,
            ok: false,
            code: 'capture_failed',
            message: 'カード決済を確定できませんでした。',
          },
        ],
      };
    });
    const preview = await screen.findByRole('region', { name: '発送する注文' });
    expect(within(preview).getByText('佐川急便')).toBeTruthy();
    const [dryRun] = fake.calls(UPLOAD);
    expect(dryRun?.url.search).toBe('?dryRun=1');
    expect(dryRun?.headers.get('content-type')).toBe('text/csv');
    expect(dryRun?.body).toBe(CSV);

    fireEvent.click(within(preview).getByRole('button', { name: '2件を発送する' }));
    const done = await screen.findByRole('region', { name: '発送の結果' });
    expect(fake.calls(UPLOAD)[1]?.url.search).toBe('');
    expect(
      within(done).getByText('2件中 1件を処理しました（1件は処理できませんでした）。'),
    ).toBeTruthy();
    expect(within(done).getByText('カード決済を確定できませんでした。')).toBeTruthy();
  });

  it('lists every refused row by its line and ships nothing', async () => {
    const { fake } = await checkCsv(() =>
      apiError(
        400,
        'invalid_csv',
        'CSVに誤りがあります。該当する行を直して、もう一度アップロードしてください（何も発送していません）。',
        [
          { path: 'lines.3.orderNumber', message: 'ご注文番号 999 の注文はありません' },
          {
            path: 'lines.5.trackingNumber',
            message: '追跡番号はヤマト運輸の12桁の数字で入力してください',
          },
        ],
      ),
    );
    const refused = await screen.findByRole('region', { name: 'CSVの誤り' });
    const lines = within(refused)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(lines).toEqual([
      '3行目ご注文番号 999 の注文はありません',
      '5行目追跡番号はヤマト運輸の12桁の数字で入力してください',
    ]);
    expect(screen.queryByRole('button', { name: /件を発送する/ })).toBeNull();
    expect(fake.calls(UPLOAD)).toHaveLength(1);
  });
});
