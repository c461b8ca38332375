import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publishAccountChange } from '../../../lib/account-changes';
import { ADDRESS, CARD, fakeApi, SESSION, withCheckoutApi } from '../../../testing/fake-api';
import { renderCheckoutPage, renderInShop } from '../../../testing/render';
import type { CheckoutQuote, SavedCard, ShippingAddress } from '../../../types/account';
import { paymentRules } from '../api/payment-rules';
import { choicesFromSearch, quoteKey, quoteOfChoices } from '../hooks/checkout-form';
import { CheckoutPage } from './checkout-page';

const TOTALS = {
  subtotal: 1100,
  shippingFee: 0,
  paymentFee: 0,
  pointsUsed: 0,
  total: 1100,
  pointsEarned: 10,
};

const QUOTE: CheckoutQuote = {
  shipments: [],
  shippingMethods: [],
  paymentMethods: [],
  pointBalance: 500,
  pricePending: false,
  totals: TOTALS,
  problem: null,
};

const OFFICE: ShippingAddress = {
  ...ADDRESS,
  id: 2,
  lastName: '書店',
  firstName: '太郎',
  postalCode: '530-0001',
  prefecture: '大阪府',
  city: '大阪市北区梅田',
  isDefault: false,
};

const DATA = { addresses: [ADDRESS], cards: [], paymentRules: paymentRules() };

const renderCheckout = (href = '/checkout', cards: SavedCard[] = []) =>
  renderCheckoutPage([ADDRESS], { href, cards });

withCheckoutApi(() => QUOTE);

const radio = (name: RegExp | string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('CheckoutPage', () => {
  it('opens the card and address pages as dialogs over itself, with their URL in history', () => {
    renderCheckout();
    const add = screen.getByRole('link', { name: '新しいお届け先を追加' });
    expect(add.getAttribute('href')).toBe('/common/user-shipping-address?return=/checkout&add=1');
    expect(
      screen.getByRole('link', { name: 'お届け先を編集・削除する' }).getAttribute('href'),
    ).toBe('/common/user-shipping-address?return=/checkout');
    const cards = screen.getByRole('link', { name: 'カードを登録・管理する' });
    expect(cards.getAttribute('href')).toBe('/common/credit-card?return=/checkout');
    fireEvent.click(cards);
    expect(window.location.pathname).toBe('/common/credit-card');
    // Over the checkout as its URL stands, with the choices; the dialog's entry is left alone.
    expect(window.history.state).toEqual({
      modalOver: '/checkout?address=1&shipping=home_delivery&slot=unspecified&payment=credit_card',
    });
    expect(window.location.search).toBe('?return=/checkout');
  });

  it('announces the amount to screen readers when it changes (a polite live region)', async () => {
    renderCheckout();
    const total = await screen.findByText('お支払い金額');
    const region = total.closest('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.getAttribute('aria-atomic')).toBe('true');
  });

  it('writes every choice into the URL without adding a history entry', () => {
    renderCheckout();
    const entries = window.history.length;
    fireEvent.change(screen.getByLabelText('お届け時間帯'), { target: { value: '18-21' } });
    fireEvent.click(radio(/^代金引換/));
    expect(window.location.search).toBe(
      '?address=1&shipping=home_delivery&slot=18-21&payment=cash_on_delivery',
    );
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ pageState: '/checkout' });
  });

  it('opens a reloaded confirmation with its time slot and payment', async () => {
    renderCheckout(
      '/checkout?address=1&shipping=home_delivery&slot=18-21&payment=cash_on_delivery&step=confirm',
    );
    expect(await screen.findByRole('button', { name: '注文を確定する' })).toBeTruthy();
    expect(screen.getByText(/お届け時間帯: 18:00-21:00/)).toBeTruthy();
    expect(screen.getByText('代金引換')).toBeTruthy();
  });

  it('goes Back from the confirmation to the choices, as they were, not out of checkout', async () => {
    renderCheckout('/checkout', [CARD]);
    fireEvent.change(screen.getByLabelText('お届け時間帯'), { target: { value: 'morning' } });
    const next = screen.getByRole('button', { name: 'ご注文内容の確認へ' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    const entries = window.history.length;
    fireEvent.click(next);
    await screen.findByRole('button', { name: '注文を確定する' });
    expect(window.history.length).toBe(entries + 1);
    expect(window.location.search).toBe(
      '?address=1&shipping=home_delivery&slot=morning&payment=credit_card&card=7&step=confirm',
    );

    act(() => window.history.back());
    const slot = (await screen.findByLabelText('お届け時間帯')) as HTMLSelectElement;
    expect(window.location.pathname).toBe('/checkout');
    expect(window.location.search).not.toContain('step=confirm');
    expect(slot.value).toBe('morning');
    expect(radio(/VISA \*\*\*\* 4242/).checked).toBe(true);

    // The confirmation's own button goes the same one step back.
    fireEvent.click(screen.getByRole('button', { name: 'ご注文内容の確認へ' }));
    fireEvent.click(await screen.findByRole('button', { name: 'お届け・お支払いを変更する' }));
    expect(await screen.findByLabelText('お届け時間帯')).toBeTruthy();
    expect(window.history.length).toBe(entries + 1);
  });

  it('hands the focus to the new step, not to the document, when a step button is pressed', async () => {
    renderCheckout('/checkout', [CARD]);
    const steps = () => screen.getByRole('list', { name: 'ご注文の手順' });
    const current = () => steps().querySelector('[aria-current="step"]')?.textContent;
    const next = screen.getByRole('button', { name: 'ご注文内容の確認へ' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    next.focus();
    fireEvent.click(next);
    await screen.findByRole('button', { name: '注文を確定する' });
    await waitFor(() => expect(document.activeElement).toBe(steps()));
    expect(current()).toBe('ご注文内容の確認');

    const back = screen.getByRole('button', { name: 'お届け・お支払いを変更する' });
    back.focus();
    fireEvent.click(back);
    await screen.findByLabelText('お届け時間帯');
    await waitFor(() => expect(document.activeElement).toBe(steps()));
    expect(current()).toBe('お届け・お支払い');
  });

  it('checks the URL: a gone address, an unknown slot or a refused payment falls back', async () => {
    renderCheckout(
      '/checkout?address=99&shipping=yu_packet&slot=midnight&payment=cash_on_delivery&points=abc',
    );
    expect(radio(/栞 花子 様/).checked).toBe(true);
    expect(radio(/^ゆうパケット/).checked).toBe(true);
    expect(radio(/^クレジットカード/).checked).toBe(true);
    expect(radio('ポイントを使わない').checked).toBe(true);
    expect(window.location.search).toBe('?address=1&shipping=yu_packet&payment=credit_card');
  });

  it('leaves a reloaded confirmation for the choices when the quote finds a problem', async () => {
    fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/reserveshop/checkout/quote/': () => ({
        ...QUOTE,
        problem: { code: 'cart_empty', message: 'カートに商品がありません。' },
      }),
    });
    renderCheckout(
      '/checkout?address=1&shipping=home_delivery&slot=morning&payment=cash_on_delivery&step=confirm',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('カートに商品がありません。');
    expect(screen.queryByRole('button', { name: '注文を確定する' })).toBeNull();
    await waitFor(() =>
      expect(window.location.search).toBe(
        '?address=1&shipping=home_delivery&slot=morning&payment=cash_on_delivery',
      ),
    );
  });

  it('selects a card or an address saved in a dialog and keeps every other choice', async () => {
    renderCheckout();
    await screen.findByText('お支払い金額');
    expect(screen.getByRole('alert').textContent).toBe(
      'お支払いに使うクレジットカードを登録してください。',
    );
    fireEvent.click(radio(/^ゆうパケット/));
    fireEvent.click(radio('ポイントを使う'));
    fireEvent.change(screen.getByLabelText('利用するポイント'), { target: { value: '120' } });

    act(() => publishAccountChange({ kind: 'cards', cards: [CARD], added: CARD }));
    expect(radio(/VISA \*\*\*\* 4242/).checked).toBe(true);
    act(() =>
      publishAccountChange({ kind: 'addresses', addresses: [ADDRESS, OFFICE], added: OFFICE }),
    );
    expect(radio(/書店 太郎 様/).checked).toBe(true);
    expect(radio(/栞 花子 様/).checked).toBe(false);

    expect(radio(/^ゆうパケット/).checked).toBe(true);
    expect(radio('ポイントを使う').checked).toBe(true);
    expect((screen.getByLabelText('利用するポイント') as HTMLInputElement).value).toBe('120');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('takes full-width points and refuses what is no amount in Japanese, under the field', async () => {
    renderCheckout();
    await screen.findByText('お支払い金額');
    act(() => publishAccountChange({ kind: 'cards', cards: [CARD], added: CARD }));
    fireEvent.click(radio('ポイントを使う'));
    const field = screen.getByLabelText('利用するポイント') as HTMLInputElement;
    expect(field.type).toBe('text');
    fireEvent.change(field, { target: { value: '-5' } });
    const message = '利用するポイントは0以上の数字で入力してください（例: 500）。';
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      message,
    );
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(
      (screen.getByRole('button', { name: 'ご注文内容の確認へ' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(field, { target: { value: '１２０' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(window.location.search).toContain('points=120'));
  });

  it('falls back to the default address when the chosen one is deleted in a dialog', () => {
    renderCheckout();
    act(() =>
      publishAccountChange({ kind: 'addresses', addresses: [ADDRESS, OFFICE], added: OFFICE }),
    );
    act(() => publishAccountChange({ kind: 'addresses', addresses: [ADDRESS], added: null }));
    expect(radio(/栞 花子 様/).checked).toBe(true);
    // An edit elsewhere in the book keeps the choice.
    act(() =>
      publishAccountChange({
        kind: 'addresses',
        addresses: [{ ...ADDRESS, street: '4-5-6' }],
        added: null,
      }),
    );
    expect(radio(/栞 花子 様/).checked).toBe(true);
    expect(screen.getByText(/銀座4-5-6/)).toBeTruthy();
  });

  it("refuses cash on delivery for ゆうパケット in the rules' words before the quote answers", () => {
    renderCheckout();
    fireEvent.click(radio(/^代金引換/));
    expect(radio(/^代金引換/).checked).toBe(true);
    fireEvent.click(radio(/^ゆうパケット/));
    // The payment the new shipping method refuses falls back to the card.
    expect(radio(/^代金引換/).disabled).toBe(true);
    expect(
      screen.getByText(CHECKOUT_FAILURE_MESSAGES.payment_not_available_for_economical_shipping),
    ).toBeTruthy();
    expect(radio(/^クレジットカード/).checked).toBe(true);
  });

  it("renders the loader's quote of the URL's choices at once and asks for none until a choice changes", async () => {
    const { requests } = fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/reserveshop/checkout/quote/': () => ({
        ...QUOTE,
        totals: { ...TOTALS, shippingFee: 320, total: 1420 },
      }),
    });
    const quoted = { key: quoteKey(quoteOfChoices(choicesFromSearch('', DATA))), quote: QUOTE };
    window.history.replaceState(null, '', '/checkout');
    renderInShop(<CheckoutPage data={{ ...DATA, quoted }} />);
    // In the first render (the server's): no 金額を計算しています… that the totals replace later.
    const totalRow = () => screen.getByRole('row', { name: /^お支払い金額/ });
    expect(totalRow().textContent).toContain('1,100円');
    expect(screen.queryByText('金額を計算しています…')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const quotes = () => requests.filter((r) => r.url.pathname.endsWith('/quote/'));
    expect(quotes()).toEqual([]);

    fireEvent.click(radio(/^ゆうパケット/));
    await waitFor(() => expect(totalRow().textContent).toContain('1,420円'));
    expect(quotes().map((r) => r.body)).toEqual([
      { shippingMethod: 'yu_packet', paymentMethod: 'credit_card', usePoints: 0, addressId: 1 },
    ]);
  });

  it("asks for its own quote when the loader's was for other choices", async () => {
    const { requests } = fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/reserveshop/checkout/quote/': () => QUOTE,
    });
    const quoted = {
      key: quoteKey(quoteOfChoices(choicesFromSearch('?shipping=yu_packet', DATA))),
      quote: { ...QUOTE, totals: { ...TOTALS, total: 9999 } },
    };
    window.history.replaceState(null, '', '/checkout');
    renderInShop(<CheckoutPage data={{ ...DATA, quoted }} />);
    expect(screen.getByText('金額を計算しています…')).toBeTruthy();
    await screen.findByText('お支払い金額');
    expect(screen.queryByText('9,999円')).toBeNull();
    expect(requests.filter((r) => r.url.pathname.endsWith('/quote/'))).toHaveLength(1);
  });
});
