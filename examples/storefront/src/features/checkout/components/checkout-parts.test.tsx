import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOK_TOTALS } from '../../../testing/fake-api';
import type { CheckoutQuote } from '../../../types/account';
import { ChargeRows, Totals } from './checkout-totals';

afterEach(cleanup);

const QUOTE: CheckoutQuote = {
  shipments: [],
  shippingMethods: [],
  paymentMethods: [],
  pointBalance: 0,
  pricePending: false,
  totals: BOOK_TOTALS,
  problem: null,
};

describe('Totals', () => {
  it('with a 価格未定 item, shows the known amounts and says they leave it out', () => {
    render(<Totals quote={{ ...QUOTE, pricePending: true }} />);
    expect(screen.getByText(/価格未定の商品を除く金額です/).textContent).toContain(
      '価格決定後にお知らせします',
    );
    expect(screen.getByText('1,610円(税込)')).toBeTruthy();
    expect(screen.queryByText('金額を計算しています…')).toBeNull();
  });

  it('says nothing of 価格未定 when every item has a price', () => {
    render(<Totals quote={QUOTE} />);
    expect(screen.queryByText(/価格未定/)).toBeNull();
  });

  it('shows why a quote has no totals instead of calculating forever', () => {
    const message = 'このお支払い方法はゆうパケットなどの配送方法ではご利用いただけません。';
    render(
      <Totals
        quote={{ ...QUOTE, totals: null, problem: { code: 'payment_not_available', message } }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByText('金額を計算しています…')).toBeNull();
  });
});

describe('ChargeRows', () => {
  const rows = (pointsUsed: number, pointsRow: 'always' | 'when-used') => {
    render(
      <table>
        <tbody>
          <ChargeRows
            amounts={{ ...BOOK_TOTALS, pointsUsed, total: BOOK_TOTALS.total - pointsUsed }}
            totalLabel="このご注文のお支払い金額"
            pointsRow={pointsRow}
          />
        </tbody>
      </table>,
    );
    const text = screen.getAllByRole('row').map((row) => row.textContent);
    cleanup();
    return text;
  };

  it('lists 送料, 手数料, the points spent and the amount to pay', () => {
    expect(rows(100, 'when-used')).toEqual([
      '送料510円(税込)',
      '手数料0円(税込)',
      'ポイント利用−100pt',
      'このご注文のお支払い金額1,510円(税込)',
    ]);
  });

  it('leaves out ポイント利用 at 0pt only when asked to (an order of the confirmation)', () => {
    expect(rows(0, 'when-used')).not.toContain('ポイント利用0pt');
    expect(rows(0, 'always')).toContain('ポイント利用0pt');
  });
});
