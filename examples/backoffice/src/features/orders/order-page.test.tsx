import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../testing/render';
import type { OrderDetail } from './types';

const DETAIL: OrderDetail = {
  number: '501',
  stateLabel: '発送済み',
  seller: { name: 'しおり書房', address: '東京都千代田区神田神保町1-2-3', phone: '03-5555-0123' },
  tax: { total: 3230, ratePercent: 10, included: 293 },
  order: {
    id: 501,
    state: 'shipped',
    placedAt: '2026-11-20T01:00:00.000Z',
    isReservation: true,
    releaseDate: '2026-12-01',
    releaseDatePrecision: 'day',
    pricePending: false,
    priceDecidedAt: null,
    shippingMethod: 'home_delivery',
    paymentMethod: 'cash_on_delivery',
    deliveryTimeSlot: 'morning',
    subtotal: 2200,
    shippingFee: 700,
    paymentFee: 330,
    pointsUsed: 100,
    amountDue: 3130,
    pointsToGrant: 20,
    paidAt: null,
    shippedAt: '2026-12-01T03:00:00.000Z',
    bundleId: null,
    paymentInstructions: null,
    tracking: { carrier: 'yamato', trackingNumber: '123456789012', url: null },
    items: [
      {
        productId: 1,
        productSlug: 'a',
        title: '星の図書館 第3巻',
        variationId: 10,
        variationName: '特装版',
        quantity: 2,
        unitPrice: 1100,
      },
    ],
    benefits: [],
  },
  member: { id: 7, name: '佐藤 一郎', email: 'ichiro@example.jp', withdrawn: false },
  address: {
    postalCode: '100-0001',
    prefecture: '東京都',
    city: '千代田区',
    street: '千代田1-1',
    building: '',
    lastName: '佐藤',
    firstName: '一郎',
    lastNameKana: 'サトウ',
    firstNameKana: 'イチロウ',
    phone: '0312345678',
  },
  payment: {
    method: 'cash_on_delivery',
    methodLabel: '代金引換',
    amountDue: 3130,
    dueDate: null,
    overdue: false,
    paidAt: null,
    cards: [],
  },
  history: [
    {
      fromState: 'preparing',
      toState: 'shipped',
      actor: '山田 花子',
      note: '',
      at: '2026-12-01T03:00:00.000Z',
    },
  ],
  mails: [
    {
      id: 1,
      kind: 'shipped',
      state: 'sent',
      createdAt: '2026-12-01T03:00:00.000Z',
      sentAt: '2026-12-01T03:00:05.000Z',
    },
  ],
  audit: [
    {
      id: 9,
      at: '2026-12-01T03:00:00.000Z',
      actor: '山田 花子',
      action: 'order.ship',
      before: {},
      after: {},
    },
  ],
};

describe('OrderPage', () => {
  it('shows the order with labels from @shop/rules: state, payment, slot, carrier, mails', async () => {
    renderAt('/orders/501', { 'GET /api/admin/orders/501/': () => DETAIL });
    expect(await screen.findByRole('heading', { name: '注文 501' })).toBeTruthy();
    expect(screen.getAllByText('発送済み').length).toBeGreaterThan(0);
    expect(screen.getByText('代金引換')).toBeTruthy();
    expect(screen.getByText(/午前中/)).toBeTruthy();
    expect(screen.getByText(/ヤマト運輸 追跡番号/)).toBeTruthy();
    expect(screen.getByText('発送のお知らせ')).toBeTruthy();
    expect(screen.getByText('発送準備中 → 発送済み')).toBeTruthy();
    expect(screen.getByText('order.ship')).toBeTruthy();
  });

  it('prints a 納品書 with amounts and a packing slip without prices', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt('/orders/501?print=invoice', { 'GET /api/admin/orders/501/': () => DETAIL });
    const invoice = await screen.findByRole('article', { name: '納品書' });
    expect(within(invoice).getByText('3,130円')).toBeTruthy();
    expect(within(invoice).getAllByText('2,200円')).toHaveLength(2);
    expect(within(invoice).getByText('〒100-0001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '印刷する' }));
    expect(print).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('link', { name: '← 注文詳細に戻る' }));
    fireEvent.click(await screen.findByRole('link', { name: '梱包票を印刷' }));
    const slip = await screen.findByRole('article', { name: '梱包票' });
    expect(within(slip).getByText('星の図書館 第3巻')).toBeTruthy();
    expect(within(slip).queryByText(/円/)).toBeNull();
  });
});
