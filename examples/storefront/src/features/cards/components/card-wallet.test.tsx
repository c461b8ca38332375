import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { type AccountChange, subscribeAccountChanges } from '../../../lib/account-changes';
import { configureCardGateway } from '../../../lib/card-gateway';
import { apiRefusal, CARD, fakeApi, SESSION } from '../../../testing/fake-api';
import type { GmoMultipayment } from '../api/gmo-card-token';
import { CardWallet } from './card-wallet';

const DECLINED = 'このカードはご利用いただけません。別のカードをお試しください。';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  configureCardGateway({ kind: 'sandbox' });
  delete (window as Window & { Multipayment?: GmoMultipayment }).Multipayment;
});

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/カード番号/), {
    target: { value: '4242 4242 4242 4242' },
  });
  fireEvent.change(screen.getByLabelText('月（MM）'), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText('年（YY）'), { target: { value: '30' } });
  fireEvent.change(screen.getByLabelText(/セキュリティコード/), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText(/カード名義/), { target: { value: 'HANAKO SHIORI' } });
  fireEvent.click(screen.getByRole('button', { name: 'このカードを登録する' }));
}

function renderWallet() {
  const onSaved = vi.fn();
  const { container } = render(
    <ToastProvider>
      <CardWallet initial={[]} onSaved={onSaved} />
    </ToastProvider>,
  );
  const form = container.querySelector('form') as HTMLFormElement;
  return { onSaved, form };
}

/** Sets the card gateway to GMO, with a token.js whose every answer is `resultCode`. */
function stubGmoAnswering(resultCode: string) {
  (window as Window & { Multipayment?: GmoMultipayment }).Multipayment = {
    init: () => undefined,
    getToken: (_card, callback) => callback({ resultCode }),
  };
  configureCardGateway({ kind: 'gmo', shopId: 'tshop00000001', environment: 'test' });
}

describe('CardWallet', () => {
  it('saves a card by its token only, announces it and calls onSaved', async () => {
    const changes: AccountChange[] = [];
    const stop = subscribeAccountChanges((change) => changes.push(change));
    const { requests } = fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/gmo-multipay/creditcard/': () => ({ card: CARD }),
    });
    const { onSaved } = renderWallet();
    fillAndSubmit();

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(CARD));
    stop();
    expect(changes).toEqual([{ kind: 'cards', cards: [CARD], added: CARD }]);
    expect(screen.getByText(/VISA \*\*\*\* 4242/)).toBeTruthy();
    const posted = requests.find((r) => r.method === 'POST');
    expect(posted?.body).toEqual({ token: expect.stringMatching(/^tok_sandbox_ok_VISA_4242_/) });
    expect(JSON.stringify(requests.map((r) => r.body))).not.toContain('4242424242424242');
  });
});

describe('CardWallet failures', () => {
  it('shows a refused card inline and in a toast, and keeps what was typed', async () => {
    fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/gmo-multipay/creditcard/': () => apiRefusal(400, 'card_declined', DECLINED),
    });
    const { onSaved, form } = renderWallet();
    fillAndSubmit();

    expect((await within(form).findByRole('alert')).textContent).toBe(DECLINED);
    expect(await screen.findByText('カードを登録できませんでした')).toBeTruthy();
    expect(screen.getAllByText(DECLINED)).toHaveLength(2);
    expect((screen.getByLabelText(/カード番号/) as HTMLInputElement).value).toBe(
      '4242 4242 4242 4242',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("toasts a GMO refusal that is no field's fault, sending nothing to the API", async () => {
    const { requests } = fakeApi({ 'GET /api/session/': () => SESSION });
    stubGmoAnswering('902');
    const { form } = renderWallet();
    fillAndSubmit();

    const busy = '決済サービスが混み合っています。しばらくしてから、もう一度お試しください。';
    expect((await within(form).findByRole('alert')).textContent).toBe(busy);
    expect(await screen.findByText('カードを登録できませんでした')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows a GMO field error under its field only', async () => {
    fakeApi({ 'GET /api/session/': () => SESSION });
    stubGmoAnswering('131');
    const { form } = renderWallet();
    fillAndSubmit();

    await waitFor(() =>
      expect(screen.getByLabelText(/カード名義/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('カード名義はローマ字（50文字以内）で入力してください')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
