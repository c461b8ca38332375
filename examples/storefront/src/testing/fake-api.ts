import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type {
  CartLine,
  CheckoutQuote,
  ConfirmResult,
  MemberView,
  OrderView,
  SavedCard,
  SessionSummary,
  ShippingAddress,
} from '../types/account';

// A stand-in for the API and the payload endpoint in component tests: `fetch` answers JSON from
// handlers keyed by 'METHOD /path/' (the query is the handler's to read), and remembers every
// request. Anything without a handler answers 404 as the real API does.

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (request: FakeRequest) => unknown;

/** An API refusal as the real API answers one: `{ error: { code, message } }` with its status. */
export function apiRefusal(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}

export function fakeApi(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, url, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) {
      return apiRefusal(404, 'not_found', '見つかりません');
    }
    const answer = handler(request);
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}

/** Member `id` (an adult, registered on 1 January 2026) as the session names them. */
export function memberView(id: number): MemberView {
  return {
    id,
    email: `member${id}@example.jp`,
    name: `会員${id}`,
    birthDate: null,
    isAdult: true,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

export const SESSION: SessionSummary = {
  member: null,
  csrfToken: 'csrf-test-token',
  expiresAt: '2030-01-01T00:00:00Z',
  points: 0,
  cartCount: 1,
  unreadNotices: 0,
};

export const ADDRESS: ShippingAddress = {
  id: 1,
  country: 'JP',
  fullName: '',
  line1: '',
  line2: '',
  region: '',
  postalCode: '104-0061',
  prefecture: '東京都',
  city: '中央区銀座',
  street: '1-2-3',
  building: '',
  lastName: '栞',
  firstName: '花子',
  lastNameKana: 'シオリ',
  firstNameKana: 'ハナコ',
  phone: '0312345678',
  isDefault: true,
};

/** A New York address as the API answers an overseas one: its Japanese-only fields empty. */
export const ABROAD: ShippingAddress = {
  ...ADDRESS,
  id: 5,
  country: 'US',
  fullName: 'Taro Yamada',
  line1: '350 Fifth Avenue',
  line2: '',
  city: 'New York',
  region: 'NY',
  postalCode: '10118',
  prefecture: '',
  street: '',
  lastName: '',
  firstName: '',
  lastNameKana: '',
  firstNameKana: '',
  phone: '+12125550100',
};

/** What one 1,100-yen book costs sent by 宅配便 (510円), with the 11 points it earns. */
export const BOOK_TOTALS: NonNullable<CheckoutQuote['totals']> = {
  subtotal: 1100,
  shippingFee: 510,
  paymentFee: 0,
  pointsUsed: 0,
  total: 1610,
  pointsEarned: 11,
};

export const CARD: SavedCard = { id: 7, brand: 'VISA', last4: '4242', expire: '3012' };

/** A 1,100-yen book of variation `variationId`, out now unless `overrides` give it a release. */
export function cartLine(variationId: number, overrides: Partial<CartLine> = {}): CartLine {
  return {
    variationId,
    productId: variationId,
    productSlug: `book-${variationId}`,
    title: `本${variationId}`,
    variationName: '通常版',
    unitPrice: 1100,
    pointValue: 11,
    quantity: 1,
    stock: 5,
    canReserve: true,
    sellStartDate: null,
    releaseDatePrecision: 'day',
    isAdult: false,
    coverImage: '/covers/book.webp',
    categories: ['コミック'],
    ...overrides,
  };
}

/** A checkout that placed one order of one 1,100-yen book; `order` overrides that order's fields. */
export function confirmResult(order: Partial<ConfirmResult['orders'][number]> = {}): ConfirmResult {
  return {
    checkoutId: 5,
    orders: [
      {
        id: 41,
        state: 'awaiting_payment',
        isReservation: false,
        pricePending: false,
        releaseDate: null,
        releaseDatePrecision: null,
        subtotal: 1100,
        shippingFee: 510,
        paymentFee: 0,
        pointsUsed: 0,
        total: 1610,
        pointsToGrant: 11,
        benefits: [],
        paymentInstructions: null,
        ...order,
      },
    ],
  };
}

/**
 * Order `id` as GET /api/orders/ lists it: one 1,100-yen book paid by card, 発送準備中, with
 * 510-yen shipping; `overrides` set the state, payment, release and the rest.
 */
export function orderView(id: number, overrides: Partial<OrderView> = {}): OrderView {
  return {
    id,
    state: 'preparing',
    placedAt: '2026-11-20T03:00:00Z',
    isReservation: false,
    releaseDate: null,
    releaseDatePrecision: null,
    pricePending: false,
    priceDecidedAt: null,
    shippingMethod: 'home_delivery',
    paymentMethod: 'credit_card',
    deliveryTimeSlot: 'unspecified',
    subtotal: 1100,
    shippingFee: 510,
    paymentFee: 0,
    pointsUsed: 0,
    amountDue: 1610,
    pointsToGrant: 11,
    paidAt: null,
    shippedAt: null,
    bundleId: null,
    paymentInstructions: null,
    tracking: null,
    items: [],
    benefits: [],
    ...overrides,
  };
}

/**
 * Sets up every test of a checkout page file: a signed-in member whose quotes `quote` answers (it
 * sees each request) and a window that does not scroll (jsdom has no layout); all undone after
 * each test.
 */
export function withCheckoutApi(quote: (request: FakeRequest) => CheckoutQuote) {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/reserveshop/checkout/quote/': quote,
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
