import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRefusal, fakeApi, SESSION } from '../../../testing/fake-api';
import type { PostponedReservation } from '../../../types/account';
import { ReservationCancel } from './reservation-cancel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = '2582.1.0xx1Lm9xftxtksGaHmG6Nu28Ne6VBhCs4J7NG_yKGYY';

const RESERVED: PostponedReservation = {
  orderId: 2582,
  state: 'reserved',
  cancellable: true,
  releaseDate: '2027-05-11',
  releaseDatePrecision: 'month_part',
  items: [{ title: '魔王なないしょ悪役令嬢（9）', variationName: '通常版', quantity: 1 }],
  amountDue: 1335,
};

describe('ReservationCancel', () => {
  it('shows the postponed reservation at its precision and cancels it free with one button', async () => {
    const { requests } = fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/orders/reservation-cancel/': () => ({
        ...RESERVED,
        state: 'cancelled',
        cancellable: false,
      }),
    });
    render(<ReservationCancel token={TOKEN} initial={RESERVED} problem={null} />);
    expect(screen.getByText(/魔王なないしょ悪役令嬢（9）（通常版） ×1/)).toBeTruthy();
    expect(screen.getByText(/2027年5月中旬発売予定/)).toBeTruthy();
    expect(screen.getByText(/キャンセル料なしでキャンセルできます/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'このご予約を無料でキャンセルする' }));

    expect((await screen.findByRole('status')).textContent).toMatch(
      /ご予約をキャンセルしました。キャンセル料はかかりません。/,
    );
    expect(screen.queryByRole('button')).toBeNull();
    const posted = requests.find((r) => r.method === 'POST');
    expect(posted?.url.pathname).toBe('/api/orders/reservation-cancel/');
    expect(posted?.url.searchParams.get('token')).toBe(TOKEN);
  });

  it("shows the API's refusal and keeps the button", async () => {
    const refused = 'このご注文はキャンセルできません。';
    fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/orders/reservation-cancel/': () =>
        apiRefusal(409, 'order_not_cancellable', refused),
    });
    render(<ReservationCancel token={TOKEN} initial={RESERVED} problem={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'このご予約を無料でキャンセルする' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    expect(screen.getByRole('button', { name: 'このご予約を無料でキャンセルする' })).toBeTruthy();
  });

  it('offers no button for a reservation that can no longer be cancelled', () => {
    render(
      <ReservationCancel
        token={TOKEN}
        initial={{ ...RESERVED, state: 'bundled', cancellable: false }}
        problem={null}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(
      screen.getByText(/おまとめ済みのため、このリンクからはキャンセルできません/),
    ).toBeTruthy();
  });

  it('says why a refused link shows nothing, and points to the order history', () => {
    const invalid = 'キャンセル用のリンクが正しくありません。';
    render(<ReservationCancel token="nonsense" initial={null} problem={invalid} />);
    expect(screen.getByRole('alert').textContent).toBe(invalid);
    expect(screen.getByRole('link', { name: '注文履歴からお手続きください' })).toBeTruthy();
  });
});
