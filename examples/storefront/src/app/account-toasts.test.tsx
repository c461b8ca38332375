import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddressBook } from '../features/addresses/components/address-book';
import { preloadAddressForms } from '../features/addresses/components/address-forms-lazy';
import { rememberSelection } from '../features/bundle/api/bundle';
import { TakeoverForm } from '../features/takeover/components/takeover-form';
import { WithdrawalForm } from '../features/withdrawal/components/withdrawal-form';
import { ADDRESS, fakeApi, SESSION } from '../testing/fake-api';
import { addOsakaAddress, renderInShop } from '../testing/render';
import BundleConfirmRoute from './routes/bundle-confirm';

// Every account action says how it went in a toast, and a failure keeps what was typed.

type Handlers = Parameters<typeof fakeApi>[0];

const refusal = (status: number, code: string, message: string, details: unknown[] = []) =>
  Response.json({ error: { code, message, details } }, { status });

const show = renderInShop;

/** The toast's title, once the snackbar area has loaded and shows it. */
const toast = (title: string) =>
  waitFor(() => {
    const found = document.querySelector('.toast-title');
    expect(found?.textContent).toBe(title);
    return found?.closest('.toast') as HTMLElement;
  });

const apiWith = (handlers: Handlers) =>
  fakeApi({ 'GET /api/session/': () => SESSION, ...handlers });

// The forms are their own chunk: loaded before each render, as the page loads them when idle.
beforeAll(() => preloadAddressForms());

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('withdrawal', () => {
  const check = { canWithdraw: true, blockers: [] };
  const submit = (password: string) => {
    fireEvent.click(screen.getByLabelText('上記を理解し、退会します'));
    fireEvent.change(screen.getByLabelText('パスワード（確認のため）'), {
      target: { value: password },
    });
    fireEvent.click(screen.getByRole('button', { name: '退会する' }));
  };

  it('announces a refusal in a toast and keeps the password typed', async () => {
    apiWith({
      'POST /api/user/delete/': () =>
        refusal(401, 'invalid_password', 'パスワードが正しくありません。'),
    });
    show(<WithdrawalForm check={check} />);
    submit('wrong-password-1');
    const shown = await toast('退会できませんでした');
    expect(shown.textContent).toContain('パスワードが正しくありません。');
    expect(screen.getByRole('alert').textContent).toBe('パスワードが正しくありません。');
    expect((screen.getByLabelText('パスワード（確認のため）') as HTMLInputElement).value).toBe(
      'wrong-password-1',
    );
  });

  it('announces the withdrawal and goes to the done page', async () => {
    apiWith({ 'POST /api/user/delete/': () => ({ withdrawn: true }) });
    show(<WithdrawalForm check={check} />);
    submit('right-password-1');
    await toast('退会手続きが完了しました');
    expect(window.location.pathname).toBe('/mypage/withdrawal/done');
  });
});

describe('takeover', () => {
  it('announces a refusal in a toast and keeps the code typed', async () => {
    apiWith({
      'POST /api/takeover/usertakeover/': () =>
        refusal(422, 'takeover_invalid', '引き継ぎコードが正しくありません。'),
    });
    show(<TakeoverForm initial={{ linked: false, legacyEmail: null, linkedAt: null }} />);
    fireEvent.click(screen.getByRole('radio', { name: '引き継ぎコード' }));
    fireEvent.change(screen.getByRole('textbox', { name: '引き継ぎコード' }), {
      target: { value: 'TKOV-9999-NONE' },
    });
    fireEvent.click(screen.getByRole('button', { name: '引き継ぐ' }));
    const shown = await toast('引き継げませんでした');
    expect(shown.textContent).toContain('引き継ぎコードが正しくありません。');
    expect(
      (screen.getByRole('textbox', { name: '引き継ぎコード' }) as HTMLInputElement).value,
    ).toBe('TKOV-9999-NONE');
  });
});

describe('bundle confirmation', () => {
  it('announces a refused confirm in a toast and lets the member try again', async () => {
    rememberSelection([12, 13]);
    apiWith({
      'POST /api/reserveshop/bundle/preview/': () => ({
        orderIds: [12, 13],
        shippingMethod: 'home_delivery',
        combinedSubtotal: 2200,
        separateShippingFee: 1020,
        bundledShippingFee: 510,
        saving: 510,
        freeShipping: false,
        releaseDate: null,
        releaseDatePrecision: null,
        adjustments: [],
      }),
      'POST /api/reserveshop/bundle/': () =>
        refusal(409, 'order_already_bundled', 'このご注文はすでにおまとめ済みです。'),
    });
    show(<BundleConfirmRoute params={{}} href="/mypage/bundle/confirm" data={{ guest: false }} />);
    const confirm = await screen.findByRole('button', { name: 'おまとめを確定する' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    const shown = await toast('おまとめ配送を確定できませんでした');
    expect(shown.textContent).toContain('このご注文はすでにおまとめ済みです。');
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'おまとめを確定する' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });

  it('announces a selection the API will not price', async () => {
    rememberSelection([12, 13]);
    apiWith({
      'POST /api/reserveshop/bundle/preview/': () =>
        refusal(
          422,
          'bundle_destination_mismatch',
          'お届け先または配送方法が異なるご注文はおまとめできません。',
        ),
    });
    show(<BundleConfirmRoute params={{}} href="/mypage/bundle/confirm" data={{ guest: false }} />);
    const shown = await toast('おまとめ配送の内容を確認できませんでした');
    expect(shown.textContent).toContain('お届け先または配送方法が異なるご注文');
  });
});

describe('address book', () => {
  it("announces a refused save in a toast, keeps the API's field message and what was typed", async () => {
    apiWith({
      'POST /api/addressbook/': () =>
        refusal(422, 'validation_failed', '入力内容に誤りがあります。', [
          { path: 'postalCode', message: '郵便番号と都道府県が一致しません。' },
        ]),
    });
    show(<AddressBook initial={[ADDRESS]} startAdding />);
    const form = addOsakaAddress('東京都');

    const shown = await toast('住所を保存できませんでした');
    expect(shown.textContent).toContain('入力内容に誤りがあります。');
    expect(form.getByText('郵便番号と都道府県が一致しません。')).toBeTruthy();
    expect((form.getByLabelText(/^番地/) as HTMLInputElement).value).toBe('3-1-1');
    expect((form.getByLabelText(/^姓/) as HTMLInputElement).value).toBe('書店');
  });

  it('announces a form the rules refuse before sending it, with the field messages', async () => {
    const { requests } = apiWith({});
    show(<AddressBook initial={[ADDRESS]} startAdding />);
    const form = within(screen.getByRole('region', { name: '新しい住所' }));
    fireEvent.submit(
      form.getByRole('button', { name: 'この住所を登録する' }).closest('form') as HTMLFormElement,
    );
    await toast('住所を保存できませんでした');
    expect(document.querySelectorAll('.field-error').length).toBeGreaterThan(0);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
