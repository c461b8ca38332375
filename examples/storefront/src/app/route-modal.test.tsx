import { ROUTES } from '@shop/rules';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { opensAsModal } from '../lib/modal-routes';
import { CARD, fakeApi, SESSION } from '../testing/fake-api';
import { pagePayload, renderPageHost } from '../testing/render';
import { loadRouteChunk } from './route-chunks';

const CARD_PAGE = '/common/credit-card?return=/lp/terms';

const renderTermsPage = () => renderPageHost(pagePayload('terms', '/lp/terms'));

const navigate = (href: string, state: unknown) =>
  act(() => {
    window.history.pushState(state, '', href);
  });

let api: ReturnType<typeof fakeApi>;

beforeEach(async () => {
  // jsdom has no scrolling; a page swap scrolls to the top.
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  await loadRouteChunk('terms');
  api = fakeApi({
    'GET /api/session/': () => SESSION,
    'POST /api/gmo-multipay/creditcard/': () => ({ card: { ...CARD, id: 8, last4: '1111' } }),
    'GET /_payload/common/credit-card.json': ({ url }) =>
      pagePayload(
        'creditCard',
        `${url.pathname.replace('/_payload', '').replace('.json', '')}${url.search}`,
        'fakemodal',
        {
          guest: false,
          cards: [CARD],
        },
      ),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('opensAsModal', () => {
  it('is true for a fakemodal route pushed from the page on screen only', () => {
    const over = { modalOver: '/checkout' };
    expect(opensAsModal('/common/credit-card?return=/checkout', over, '/checkout')).toBe(true);
    expect(opensAsModal('/common/user-shipping-address', over, '/checkout')).toBe(true);
    // Reloaded, shared, or pushed from another page: the page itself.
    expect(opensAsModal('/common/credit-card', null, '/checkout')).toBe(false);
    expect(opensAsModal('/common/credit-card', over, '/cart')).toBe(false);
    expect(opensAsModal('/common/credit-card', over, '/common/credit-card')).toBe(false);
    // Only fakemodal routes open over a page.
    expect(opensAsModal('/mypage/shipping-address', over, '/checkout')).toBe(false);
    expect(opensAsModal('/nowhere', over, '/checkout')).toBe(false);
  });
});

describe('a fakemodal route opened over a page', () => {
  it('shows as a dialog over the page, which stays; Back closes it', async () => {
    renderTermsPage();
    expect(screen.getByRole('heading', { level: 1, name: ROUTES.terms.title })).toBeTruthy();

    navigate(CARD_PAGE, { modalOver: '/lp/terms' });
    const dialog = await screen.findByRole('dialog', { name: ROUTES.creditCard.title });
    expect(await within(dialog).findByText(/VISA \*\*\*\* 4242/)).toBeTruthy();
    // The dialog's own title and close button stand in for the page's heading and close link.
    expect(within(dialog).queryByRole('heading', { level: 1 })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: /閉じる|戻る/ })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /カード番号/ })).toBeTruthy();
    // The page underneath is the same page, not fetched again.
    expect(screen.getByRole('heading', { level: 1, name: ROUTES.terms.title })).toBeTruthy();
    const payloads = api.requests
      .map((r) => r.url.pathname)
      .filter((p) => p.startsWith('/_payload'));
    expect(payloads).toEqual(['/_payload/common/credit-card.json']);

    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/lp/terms');
    expect(screen.getByRole('heading', { level: 1, name: ROUTES.terms.title })).toBeTruthy();
  });

  it('closes with its close button and with Esc, a step back in history', async () => {
    renderTermsPage();
    const back = vi.spyOn(window.history, 'back');
    navigate(CARD_PAGE, { modalOver: '/lp/terms' });
    const dialog = await screen.findByRole('dialog', { name: ROUTES.creditCard.title });
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(back).toHaveBeenCalledTimes(1);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(back).toHaveBeenCalledTimes(2);
    back.mockRestore();
  });

  it('closes once a card is saved in it (checkout then selects the card)', async () => {
    renderTermsPage();
    const back = vi.spyOn(window.history, 'back');
    navigate(CARD_PAGE, { modalOver: '/lp/terms' });
    const dialog = within(await screen.findByRole('dialog', { name: ROUTES.creditCard.title }));
    // The dialog opens before its page has loaded (読み込んでいます…): wait for the form.
    await dialog.findByLabelText(/カード番号/);
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    fill(/カード番号/, '4111 1111 1111 1111');
    fill(/月（MM）/, '01');
    fill(/年（YY）/, '31');
    fill(/セキュリティコード/, '321');
    fill(/カード名義/, 'TARO SHOTEN');
    fireEvent.click(dialog.getByRole('button', { name: 'このカードを登録する' }));
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    back.mockRestore();
  });

  it('is the page itself when its URL is opened without the state (a reload, a shared link)', async () => {
    renderTermsPage();
    navigate('/common/credit-card?return=/checkout', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: ROUTES.creditCard.title }),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'ご注文手続きに戻る' }).getAttribute('href')).toBe(
      '/checkout',
    );
    expect(screen.queryByRole('heading', { name: ROUTES.terms.title })).toBeNull();
  });
});
