import { ORDER_STATE_LABELS, paymentMethod } from '@shop/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, onePage, READ_ONLY, twoPages } from '../../testing/fake-api';
import { renderAt } from '../../testing/render';
import type { OrderRow } from './types';

function row(id: number, change: Partial<OrderRow> = {}): OrderRow {
  const state = change.state ?? 'preparing';
  const method = change.paymentMethod ?? 'bank_transfer';
  return {
    id,
    number: String(id),
    placedAt: '2026-11-20T01:00:00.000Z',
    member: { id: 7, name: `会員${id}` },
    state,
    stateLabel: ORDER_STATE_LABELS[state],
    paymentMethod: method,
    paymentMethodLabel: paymentMethod(method)?.verboseName ?? method,
    total: 1980,
    amountDue: 1980,
    paymentDueDate: null,
    overdue: false,
    paid: true,
    releaseDate: '2026-12-01',
    releaseDatePrecision: 'day',
    itemCount: 2,
    bundleId: null,
    ...change,
  };
}

const ORDERS = 'GET /api/admin/orders/';

describe('OrdersPage', () => {
  it('takes its filters from the URL to the API, and applies new ones to the URL', async () => {
    const { fake } = renderAt('/orders?state=awaiting_payment&orderNumber=abc', {
      [ORDERS]: () => ({ items: [row(1, { state: 'awaiting_payment' })], nextCursor: 'c2' }),
    });
    expect(await screen.findByRole('link', { name: '1' })).toBeTruthy();
    expect(fake.calls(ORDERS)[0]?.url.search).toBe('?state=awaiting_payment');
    expect(screen.getByText('入金待ち', { selector: '.badge' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('支払方法'), { target: { value: 'bank_transfer' } });
    fireEvent.click(screen.getByLabelText('入金期限切れのみ'));
    fireEvent.change(screen.getByLabelText('発売日（から）'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: '絞り込む' }));
    await waitFor(() => expect(fake.calls(ORDERS)).toHaveLength(2));
    const expected =
      '?state=awaiting_payment&paymentMethod=bank_transfer&overdue=1&releaseFrom=2026-12-01';
    expect(window.location.search).toBe(expected);
    expect(fake.calls(ORDERS)[1]?.url.search).toBe(expected);
  });

  it('pages with the answer’s cursor (次へ) and back to the first page', async () => {
    const { fake } = renderAt('/orders?state=shipped', {
      [ORDERS]: twoPages([row(3, { state: 'shipped' })], 'next-page', [
        row(2, { state: 'shipped' }),
      ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: '次へ' }));
    expect(await screen.findByRole('link', { name: '2' })).toBeTruthy();
    expect(fake.calls(ORDERS)[1]?.url.search).toBe('?state=shipped&cursor=next-page');
    expect(window.location.search).toBe('?state=shipped&cursor=next-page');
    expect((screen.getByRole('button', { name: '次へ' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '最初へ' }));
    expect(await screen.findByRole('link', { name: '3' })).toBeTruthy();
    expect(window.location.search).toBe('?state=shipped');
  });

  it('ships the selected orders with a carrier and tracking number each and shows each result', async () => {
    const { fake } = renderAt('/orders', {
      [ORDERS]: onePage([row(11), row(12), row(13)]),
      'POST /api/admin/orders/bulk/ship/': () => ({
        results: [
          { id: 11, ok: true, order: { state: 'shipped' } },
          {
            id: 12,
            ok: false,
            code: 'order_not_shippable',
            message: 'この注文は発送できる状態ではありません。',
          },
        ],
      }),
    });
    fireEvent.click(await screen.findByLabelText('注文 11 を選択'));
    fireEvent.click(screen.getByLabelText('注文 12 を選択'));
    expect(screen.getByText('2件を選択中')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '発送' }));

    const dialog = await screen.findByRole('dialog', { name: '発送（2件）' });
    fireEvent.change(within(dialog).getByLabelText('注文 11 の追跡番号'), {
      target: { value: '1234-5678-9012' },
    });
    fireEvent.change(within(dialog).getByLabelText('注文 12 の配送業者'), {
      target: { value: 'sagawa' },
    });
    fireEvent.change(within(dialog).getByLabelText('注文 12 の追跡番号'), {
      target: { value: '123' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '発送する' }));
    expect(
      await within(dialog).findByText('追跡番号は佐川急便の10桁・12桁の数字で入力してください。'),
    ).toBeTruthy();
    expect(fake.calls('POST /api/admin/orders/bulk/ship/')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('注文 12 の追跡番号'), {
      target: { value: '１２３４５６７８９０' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '発送する' }));
    const results = await screen.findByRole('dialog', { name: '発送（2件）の結果' });
    expect(fake.calls('POST /api/admin/orders/bulk/ship/')[0]?.body).toEqual({
      shipments: [
        { orderId: 11, carrier: 'yamato', trackingNumber: '1234-5678-9012' },
        { orderId: 12, carrier: 'sagawa', trackingNumber: '１２３４５６７８９０' },
      ],
    });
    expect(
      within(results).getByText('2件中 1件を処理しました（1件は処理できませんでした）。'),
    ).toBeTruthy();
    const lines = within(results).getAllByRole('row').slice(1);
    expect(lines.map((line) => line.textContent)).toEqual([
      '11完了発送済み',
      '12できませんでしたこの注文は発送できる状態ではありません。',
    ]);
    fireEvent.click(within(results).getByRole('button', { name: '一覧に戻る' }));
    await waitFor(() => expect(fake.calls(ORDERS)).toHaveLength(2));
  });

  it('cancels only with a reason, and records payments of the selected orders', async () => {
    const { fake } = renderAt('/orders', {
      [ORDERS]: () => ({
        items: [row(21, { state: 'awaiting_payment', paid: false })],
        nextCursor: null,
      }),
      'POST /api/admin/orders/bulk/cancel/': () => ({
        results: [{ id: 21, ok: true, order: { state: 'cancelled' } }],
      }),
      'POST /api/admin/orders/bulk/payment-received/': () =>
        apiError(503, 'database_unavailable', 'ただいま混み合っています。'),
    });
    fireEvent.click(await screen.findByLabelText('表示中の行をすべて選択'));
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    const dialog = await screen.findByRole('dialog', { name: 'キャンセル（1件）' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセルする' }));
    expect(await within(dialog).findByText('キャンセルの理由を入力してください。')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('キャンセル理由', { exact: false }), {
      target: { value: ' お客様のご依頼 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセルする' }));
    await screen.findByRole('dialog', { name: 'キャンセル（1件）の結果' });
    expect(fake.calls('POST /api/admin/orders/bulk/cancel/')[0]?.body).toEqual({
      orderIds: [21],
      reason: 'お客様のご依頼',
    });
    fireEvent.click(screen.getByRole('button', { name: '一覧に戻る' }));

    fireEvent.click(await screen.findByLabelText('注文 21 を選択'));
    fireEvent.click(screen.getByRole('button', { name: '入金確認' }));
    const payment = await screen.findByRole('dialog', { name: '入金確認（1件）' });
    // The mail's name is @shop/rules' NOTIFICATION_KINDS label, as the shopper's mail page says.
    expect(within(payment).getByText(/「ご入金確認のお知らせ」が送られます/)).toBeTruthy();
    fireEvent.click(within(payment).getByRole('button', { name: '入金確認する' }));
    expect(await within(payment).findByText('ただいま混み合っています。')).toBeTruthy();
    expect(fake.calls('POST /api/admin/orders/bulk/payment-received/')[0]?.body).toEqual({
      orderIds: [21],
    });
  });

  it('shows read-only staff the list without selection or bulk actions', async () => {
    renderAt('/orders', { [ORDERS]: onePage([row(31)]) }, READ_ONLY);
    expect(await screen.findByRole('link', { name: '31' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /選択/ })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
