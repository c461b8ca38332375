import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BundleSummary } from '../features/bundle/components/bundle-summary';
import { preloadOrderCard } from '../features/mypage/components/order-card-lazy';
import { rememberCheckoutResult } from '../lib/checkout-result';
import { cartLine, confirmResult, fakeApi, orderView as order, SESSION } from '../testing/fake-api';
import { renderInShop } from '../testing/render';
import type { BundleCandidates, OrderView, PaymentInstructions } from '../types/account';
import BundleRoute from './routes/bundle';
import CartRoute from './routes/cart';
import CheckoutCompleteRoute from './routes/checkout-complete';
import FavoriteRoute from './routes/favorite';
import OrderHistoryRoute from './routes/order-history';

const TRANSFER: PaymentInstructions = {
  kind: 'bank_transfer',
  bankName: 'しおり銀行',
  branchName: '本店',
  accountType: '普通',
  accountNumber: '1234567',
  accountHolder: 'シオリシヨテン',
  amount: 1610,
  dueDate: '2026-12-08',
};
const RESULT = confirmResult({ paymentInstructions: TRANSFER });

const page = renderInShop;

// The order cards are a chunk of their own (order-card-lazy.tsx): loaded, they render at once.
beforeAll(async () => {
  await preloadOrderCard();
});

beforeEach(() => {
  sessionStorage.clear();
  fakeApi({ 'GET /api/session/': () => SESSION });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/checkout/complete', () => {
  const props = { params: {}, href: '/checkout/complete' };

  it('shows the member the orders they placed in this tab, with the transfer details', async () => {
    rememberCheckoutResult(1, RESULT);
    page(<CheckoutCompleteRoute {...props} data={{ guest: false, memberId: 1 }} />);
    expect(await screen.findByText('ご注文番号 41')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '振込先' })).toBeTruthy();
  });

  it("never shows another member's orders", async () => {
    rememberCheckoutResult(1, RESULT);
    page(<CheckoutCompleteRoute {...props} data={{ guest: false, memberId: 2 }} />);
    expect(await screen.findByText('ご注文の内容は注文履歴でご確認いただけます。')).toBeTruthy();
    expect(screen.queryByText(/ご注文番号/)).toBeNull();
    expect(screen.queryByText(/しおり銀行/)).toBeNull();
  });

  it('prints a reservation with its release date at the precision the API gives', async () => {
    rememberCheckoutResult(
      1,
      confirmResult({
        paymentInstructions: TRANSFER,
        state: 'reserved',
        isReservation: true,
        releaseDate: '2026-12-11',
        releaseDatePrecision: 'month_part',
      }),
    );
    page(<CheckoutCompleteRoute {...props} data={{ guest: false, memberId: 1 }} />);
    expect(await screen.findByText(/（予約: 2026年12月中旬発売予定）/)).toBeTruthy();
    expect(screen.queryByText(/12月11日/)).toBeNull();
  });

  it('asks a guest to log in and shows no order', async () => {
    rememberCheckoutResult(1, RESULT);
    page(<CheckoutCompleteRoute {...props} data={{ guest: true }} />);
    expect(screen.getByText('このページのご利用にはログインが必要です。')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'ログインする' })).toBeTruthy());
    expect(screen.queryByText(/ご注文番号/)).toBeNull();
  });
});

describe('/mypage/order-history', () => {
  /** The first page of the history with these orders, and the groups that may ship together. */
  const history = (orders: OrderView[], bundleGroups: number[][] = []) =>
    page(
      <OrderHistoryRoute
        params={{}}
        href="/mypage/order-history"
        data={{ guest: false, orders, total: orders.length, page: 1, pageSize: 20, bundleGroups }}
      />,
    );
  /** A reservation of a book released on `releaseDate`, printed at `releaseDatePrecision`. */
  const reservation = (
    id: number,
    releaseDate: string,
    releaseDatePrecision: OrderView['releaseDatePrecision'],
    overrides: Partial<OrderView> = {},
  ) =>
    order(id, {
      state: 'reserved',
      isReservation: true,
      releaseDate,
      releaseDatePrecision,
      ...overrides,
    });
  /** The card of order `id` in the history. */
  const card = (id: number) => screen.getByRole('article', { name: `ご注文番号 ${id}` });

  it('offers おまとめ配送 for each group the API lists, starting from its first order', () => {
    history([order(14, { paymentMethod: 'bank_transfer' }), order(13), order(12)], [[12, 13]]);
    const offer = screen.getByRole('link', { name: /おまとめ配送を申し込む/ });
    expect(offer.getAttribute('href')).toBe('/mypage/bundle/12');
    expect(offer.textContent).toContain('ご注文番号 12・13');
    expect(
      within(card(13)).getByRole('link', { name: 'ほかのご注文とおまとめ配送にする' }),
    ).toBeTruthy();
    expect(
      within(card(14)).queryByRole('link', { name: 'ほかのご注文とおまとめ配送にする' }),
    ).toBeNull();
    expect(document.querySelector('a[href="/mypage/bundle/new"]')).toBeNull();
  });

  it("prints each reservation's release date at its precision", () => {
    history([
      reservation(16, '2027-03-01', 'month'),
      reservation(15, '2027-01-21', 'month_part'),
      reservation(14, '2026-12-01', 'day'),
    ]);
    expect(card(16).textContent).toContain('予約: 2027年3月発売予定');
    expect(card(15).textContent).toContain('予約: 2027年1月下旬発売予定');
    expect(card(14).textContent).toContain('予約: 2026年12月1日(火)発売');
    expect(screen.queryByText(/3月1日|1月21日/)).toBeNull();
  });

  it('shows where and by when to pay while the transfer is awaited, and nothing once paid', () => {
    const transfer = { paymentMethod: 'bank_transfer' };
    history([
      order(23, { ...transfer, state: 'awaiting_payment', paymentInstructions: TRANSFER }),
      reservation(22, '2027-01-21', 'day', {
        ...transfer,
        paymentInstructions: { ...TRANSFER, dueDate: null },
      }),
      order(21, {
        ...transfer,
        state: 'preparing',
        paidAt: '2026-11-21T03:00:00Z',
        paymentInstructions: TRANSFER,
      }),
      order(20, { ...transfer, state: 'cancelled', paymentInstructions: TRANSFER }),
    ]);
    const waiting = within(card(23));
    expect(waiting.getByText('入金待ち')).toBeTruthy();
    expect(waiting.getByRole('cell', { name: 'しおり銀行 本店 普通 1234567' })).toBeTruthy();
    expect(waiting.getByRole('cell', { name: '2026年12月8日(火)' })).toBeTruthy();
    expect(within(card(22)).getByText('予約中')).toBeTruthy();
    expect(
      within(card(22)).getByRole('cell', {
        name: '発売後にメールでお知らせします（発売日から7日以内）',
      }),
    ).toBeTruthy();
    expect(within(card(21)).queryByText(/しおり銀行/)).toBeNull();
    expect(within(card(21)).getByText('ご入金確認済み（2026年11月21日(土)）')).toBeTruthy();
    expect(within(card(20)).queryByText(/しおり銀行/)).toBeNull();
  });

  it("links a shipped order's tracking number to the carrier's page", () => {
    const url = 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012';
    history([
      order(30, {
        state: 'shipped',
        shippedAt: '2026-11-22T03:00:00Z',
        tracking: { carrier: 'sagawa', trackingNumber: '123456789012', url },
      }),
    ]);
    expect(within(card(30)).getByText(/佐川急便/)).toBeTruthy();
    expect(within(card(30)).getByRole('link', { name: '123456789012' }).getAttribute('href')).toBe(
      url,
    );
  });

  it('offers nothing when no orders can ship together', () => {
    history([order(13), order(12)]);
    expect(screen.queryByRole('link', { name: /おまとめ配送/ })).toBeNull();
  });
});

describe('/mypage/bundle/{id}', () => {
  it('prints release dates as the shop does', () => {
    const candidates: BundleCandidates = {
      orders: [
        { ...order(12), group: 1 },
        {
          ...order(13, {
            state: 'reserved',
            releaseDate: '2026-12-01',
            releaseDatePrecision: 'day',
          }),
          group: 1,
        },
        {
          ...order(14, {
            state: 'reserved',
            releaseDate: '2026-12-11',
            releaseDatePrecision: 'month_part',
          }),
          group: 1,
        },
      ],
      groups: [],
    };
    page(
      <BundleRoute
        params={{ id: '12' }}
        href="/mypage/bundle/12"
        data={{ guest: false, candidates, refusal: null }}
      />,
    );
    expect(screen.getByText(/ご注文番号 12 .*発売済み/)).toBeTruthy();
    expect(screen.getByText(/ご注文番号 13 .*2026年12月1日\(火\)発売/)).toBeTruthy();
    expect(screen.getByText(/ご注文番号 14 .*2026年12月中旬発売予定/)).toBeTruthy();
    expect(screen.queryByText(/2026-12-01|12月11日/)).toBeNull();
  });
});

describe('BundleSummary', () => {
  it('says when the bundle ships with the release date as the shop prints it', () => {
    const plan = {
      shippingMethod: 'home_delivery',
      combinedSubtotal: 2200,
      separateShippingFee: 1020,
      bundledShippingFee: 510,
      saving: 510,
      freeShipping: false,
    };
    const { rerender } = render(
      <BundleSummary plan={{ ...plan, releaseDate: '2026-12-01', releaseDatePrecision: 'day' }} />,
    );
    expect(screen.getByRole('row', { name: /発送時期/ }).textContent).toContain(
      '2026年12月1日(火)発売の商品の発売後、まとめて発送',
    );
    rerender(
      <BundleSummary
        plan={{ ...plan, releaseDate: '2026-12-15', releaseDatePrecision: 'month_part' }}
      />,
    );
    expect(screen.getByRole('row', { name: /発送時期/ }).textContent).toContain(
      '2026年12月中旬発売予定の商品の発売後、まとめて発送',
    );
    rerender(<BundleSummary plan={{ ...plan, releaseDate: null, releaseDatePrecision: null }} />);
    expect(screen.getByRole('row', { name: /発送時期/ }).textContent).toContain('すべて発売済み');
  });
});

describe('/mypage/favorite/{contentType}', () => {
  it('links to the other pages of a long list', () => {
    const items = Array.from({ length: 50 }, (_, i) => ({
      contentType: 'author' as const,
      slug: `author-${i + 51}`,
      title: `作者${i + 51}`,
      image: null,
      addedAt: '2026-11-01T00:00:00Z',
    }));
    page(
      <FavoriteRoute
        params={{ contentType: 'author' }}
        href="/mypage/favorite/author?page=2"
        data={{ guest: false, contentType: 'author', total: 120, page: 2, pageSize: 50, items }}
      />,
    );
    const pages = within(screen.getByRole('navigation', { name: 'ページ送り' }));
    expect(pages.getByRole('link', { name: '3ページ目' }).getAttribute('href')).toBe(
      '/mypage/favorite/author?page=3',
    );
    expect(pages.getByRole('link', { name: '前へ' }).getAttribute('href')).toBe(
      '/mypage/favorite/author',
    );
    expect(pages.getByText('2').getAttribute('aria-current')).toBe('page');
  });

  it('has no page links when one page holds everything', () => {
    page(
      <FavoriteRoute
        params={{}}
        href="/mypage/favorite"
        data={{ guest: false, contentType: 'product', total: 0, page: 1, pageSize: 50, items: [] }}
      />,
    );
    expect(screen.getByText('お気に入りはまだありません。')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).toBeNull();
  });
});

describe('/cart', () => {
  const cart = { lines: [cartLine(1), cartLine(2, { sellStartDate: '2026-12-01' })], count: 2 };

  it("groups the lines by the server's moment, as the server rendered them", () => {
    // 23:59:59 on 30 November in Japan: the 1 December release is still a reservation.
    page(<CartRoute params={{}} href="/cart" data={{ cart, now: '2026-11-30T14:59:59Z' }} />);
    expect(screen.getByRole('region', { name: '予約商品' }).textContent).toContain('本2');
    expect(screen.getByRole('region', { name: '今すぐ発送' }).textContent).toContain('本1');
    cleanup();
    page(<CartRoute params={{}} href="/cart" data={{ cart, now: '2026-11-30T15:00:00Z' }} />);
    expect(screen.queryByRole('region', { name: '予約商品' })).toBeNull();
    expect(screen.getByRole('region', { name: '今すぐ発送' }).textContent).toContain('本2');
  });
});
