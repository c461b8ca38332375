import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../types/api';
import { PurchaseBox } from './purchase-box';

afterEach(cleanup);

/** The fields the purchase box reads of a product page with one version. */
function product(undecided: boolean): ProductDetail {
  return {
    title: '新刊',
    cover_image: '/covers/x.webp',
    disabled: false,
    variations: [
      {
        id: 1,
        name: '通常版',
        unit_price: undecided ? null : '1100',
        price_undecided: undecided,
        point_value: 0,
        in_stock: true,
        stock_label: '予約受付中',
      },
    ],
  } as unknown as ProductDetail;
}

/** The box of a product with one edition to reserve, its price undecided or not. */
function renderReserveBox(priceUndecided: boolean) {
  render(
    <PurchaseBox
      product={product(priceUndecided)}
      actions={{ 1: { kind: 'reserve', label: '予約する' } }}
      addToCart={{ add: async () => true, busy: false }}
    />,
  );
}

describe('PurchaseBox', () => {
  it('says what happens when a 価格未定 item is reserved', () => {
    renderReserveBox(true);
    expect(screen.getByText('価格未定')).toBeTruthy();
    expect(screen.getByText(/価格決定後にお知らせします/)).toBeTruthy();
  });

  it('says nothing of it for a priced item', () => {
    renderReserveBox(false);
    expect(screen.queryByText(/価格決定後にお知らせします/)).toBeNull();
  });
});
