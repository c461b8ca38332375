import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catchDownloads } from '../../testing/downloads';
import { pressThenFind } from '../../testing/queries';
import { renderAt } from '../../testing/render';
import type { SummaryRow } from './types';

const ROW: SummaryRow = {
  productId: 5,
  title: '星の図書館 第4巻',
  variationId: 50,
  variationName: '通常版',
  releaseDate: '2026-12-15',
  releaseDatePrecision: 'month_part',
  priceUndecided: true,
  unitPrice: null,
  stock: 0,
  reservedQuantity: 12,
  orderCount: 9,
  byState: { reserved: 10, awaitingPayment: 2, preparing: 0, bundled: 0 },
  paidQuantity: 0,
};
const SUMMARY = 'GET /api/admin/reservations/summary/';

describe('ReservationsPage', () => {
  it('asks the API for the URL’s days and shows rules’ release and 価格未定 labels', async () => {
    const { fake } = renderAt('/reservations?releaseFrom=2026-12-01&q=星', {
      [SUMMARY]: () => ({ items: [ROW] }),
    });
    expect(await screen.findByText('星の図書館 第4巻')).toBeTruthy();
    expect(screen.getByText('2026年12月中旬発売予定')).toBeTruthy();
    expect(screen.getByText('価格未定')).toBeTruthy();
    // Each count under its own header, as the API names it (byState.awaitingPayment).
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    const row = screen.getByText('星の図書館 第4巻').closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    const counts = ['予約数', '注文数', '予約中', '入金待ち', '発送準備中', '入金済み', '在庫'];
    expect(counts.map((header) => cells[headers.indexOf(header)])).toEqual([
      '12',
      '9',
      '10',
      '2',
      '0',
      '0',
      '0',
    ]);
    expect(fake.calls(SUMMARY)[0]?.url.searchParams.get('releaseFrom')).toBe('2026-12-01');
    expect(fake.calls(SUMMARY)[0]?.url.searchParams.get('q')).toBe('星');
  });

  it('decides a price: Japanese validation first, then the API and a toast', async () => {
    let decided = false;
    const { fake } = renderAt('/reservations', {
      [SUMMARY]: () => ({
        items: [{ ...ROW, priceUndecided: !decided, unitPrice: decided ? 1320 : null }],
      }),
      'POST /api/admin/variations/50/price/': () => {
        decided = true;
        return {
          variationId: 50,
          unitPrice: 1320,
          ordersPriced: 9,
          notices: 9,
          cardsAuthorised: 0,
          cardsFailed: 0,
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '価格決定' }));
    const dialog = await screen.findByRole('dialog', { name: '価格決定' });
    fireEvent.change(within(dialog).getByLabelText('価格（円・税込）', { exact: false }), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '価格を決定する' }));
    expect(
      await within(dialog).findByText('価格は1円以上の整数（円・税込）で入力してください。'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('価格（円・税込）', { exact: false }), {
      target: { value: '１,３２０' },
    });
    await pressThenFind('価格を決定する', '価格を1,320円に決定しました', dialog);
    expect(fake.calls('POST /api/admin/variations/50/price/')[0]?.body).toEqual({
      unitPrice: 1320,
    });
    expect(await screen.findByText('1,320円')).toBeTruthy();
  });

  it('postpones a release with a date, precision and reason, previewing the shopper’s wording', async () => {
    const { fake } = renderAt('/reservations', {
      [SUMMARY]: () => ({ items: [ROW] }),
      'POST /api/admin/products/5/release-date/': () => ({
        productId: 5,
        previousDate: '2026-12-15',
        previousPrecision: 'month_part',
        newDate: '2027-01-01',
        newPrecision: 'month',
        ordersUpdated: 9,
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '発売延期' }));
    const dialog = await screen.findByRole('dialog', { name: '発売延期' });
    fireEvent.click(within(dialog).getByRole('button', { name: '発売日を変更する' }));
    expect(await within(dialog).findByText('新しい発売日を入力してください。')).toBeTruthy();
    expect(
      within(dialog).getByText('延期の理由を入力してください（お客様へのお知らせに載ります）。'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('新しい発売日', { exact: false }), {
      target: { value: '2027-01-01' },
    });
    fireEvent.change(within(dialog).getByLabelText('発売日の精度'), { target: { value: 'month' } });
    expect(within(dialog).getByText('お客様への表示：2027年1月発売予定')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('理由', { exact: false }), {
      target: { value: '作家の体調不良のため' },
    });
    await pressThenFind('発売日を変更する', '発売日を2027年1月発売予定に変更しました', dialog);
    expect(fake.calls('POST /api/admin/products/5/release-date/')[0]?.body).toEqual({
      releaseDate: '2027-01-01',
      precision: 'month',
      reason: '作家の体調不良のため',
    });
  });

  it('downloads the same summary as CSV', async () => {
    const { saved, created, restore } = catchDownloads('blob:summary');
    const { fake } = renderAt('/reservations?releaseTo=2026-12-31', {
      [SUMMARY]: (request) =>
        request.url.searchParams.get('format') === 'csv'
          ? new Response('\uFEFFproduct_id,title\n5,星の図書館 第4巻\n', {
              headers: { 'content-type': 'text/csv; charset=utf-8' },
            })
          : { items: [ROW] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'CSVダウンロード' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const csv = fake.calls(SUMMARY).find((r) => r.url.searchParams.get('format') === 'csv');
    expect(csv?.url.search).toBe('?releaseTo=2026-12-31&format=csv');
    expect(saved).toEqual(['reservations-today.csv blob:summary']);
    restore();
  });
});
