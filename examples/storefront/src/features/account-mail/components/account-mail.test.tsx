import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRefusal, fakeApi, SESSION } from '../../../testing/fake-api';
import type { MailPreference } from '../api/account-mail';
import { EmailChangeConfirm } from './email-change';
import { MailSettings } from './mail-settings';
import { PasswordResetConfirmForm, PasswordResetRequestForm } from './password-reset-forms';
import { UnsubscribeConfirm } from './unsubscribe-confirm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PREFERENCES: MailPreference[] = [
  { kind: 'order_confirmation', label: 'ご注文確認', essential: true, enabled: true },
  { kind: 'password_reset', label: 'パスワード再設定のご案内', essential: true, enabled: true },
  { kind: 'points_expiring', label: 'ポイント失効のお知らせ', essential: false, enabled: true },
  { kind: 'restock', label: '再入荷のお知らせ', essential: false, enabled: false },
];

/** A signed-out shopper's API whose `METHOD /path/` (one route) answers with `answer`. */
const apiAnswering = (route: string, answer: Parameters<typeof fakeApi>[0][string]) =>
  fakeApi({ 'GET /api/session/': () => SESSION, [route]: answer });

/** Types `value` into the field labelled `label` and presses the button named `button`. */
function fillAndPress(label: string, value: string, button: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('PasswordResetRequestForm', () => {
  it('sends the address and says what happens if it is a member, whatever the answer', async () => {
    const api = apiAnswering('POST /api/password-reset/', () => ({ accepted: true }));
    render(<PasswordResetRequestForm />);
    fillAndPress('メールアドレス', 'hanako@example.jp', '再設定メールを送る');
    expect(await screen.findByText(/会員登録されたメールアドレスであれば/)).toBeTruthy();
    const sent = api.requests.find((r) => r.url.pathname === '/api/password-reset/');
    expect(sent?.body).toEqual({ email: 'hanako@example.jp' });
  });

  it("shows the API's Japanese refusal when throttled", async () => {
    apiAnswering('POST /api/password-reset/', () =>
      apiRefusal(
        429,
        'too_many_attempts',
        'パスワード再設定のお申し込みの試行回数が上限に達しました。60分後にもう一度お試しください。',
      ),
    );
    render(<PasswordResetRequestForm />);
    fillAndPress('メールアドレス', 'hanako@example.jp', '再設定メールを送る');
    expect((await screen.findByRole('alert')).textContent).toMatch(/試行回数が上限/);
  });
});

describe('PasswordResetConfirmForm', () => {
  it("sends the link's token with the new password and says every device was logged out", async () => {
    const api = apiAnswering('POST /api/password-reset/confirm/', () => ({ reset: true }));
    render(<PasswordResetConfirmForm token="tok-123" />);
    fillAndPress('新しいパスワード（8文字以上）', 'a brand new secret', 'パスワードを変更する');
    expect(await screen.findByText('パスワードを変更しました')).toBeTruthy();
    const sent = api.requests.find((r) => r.url.pathname === '/api/password-reset/confirm/');
    expect(sent?.body).toEqual({ token: 'tok-123', password: 'a brand new secret' });
  });

  it('offers a new request when the link is dead', async () => {
    apiAnswering('POST /api/password-reset/confirm/', () =>
      apiRefusal(
        400,
        'reset_link_invalid',
        'パスワード再設定のリンクが無効か、有効期限（30分）が切れています。',
      ),
    );
    render(<PasswordResetConfirmForm token="tok-old" />);
    fillAndPress('新しいパスワード（8文字以上）', 'a brand new secret', 'パスワードを変更する');
    expect((await screen.findByRole('alert')).textContent).toMatch(/有効期限/);
    expect(screen.getByRole('link', { name: '再設定をもう一度申し込む' })).toBeTruthy();
  });
});

describe('EmailChangeConfirm', () => {
  it('changes nothing until the button is pressed, then shows the new address', async () => {
    const api = apiAnswering('POST /api/user/email/confirm/', () => ({ email: 'new@example.jp' }));
    render(<EmailChangeConfirm token="tok-e" />);
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'メールアドレスの変更を完了する' }));
    expect(await screen.findByText('新しいメールアドレス: new@example.jp')).toBeTruthy();
  });
});

describe('MailSettings', () => {
  it('lists essential kinds as always sent and toggles a non-essential one', async () => {
    const api = apiAnswering('PUT /api/user/notifications/', ({ body }) => {
      const { kind, enabled } = body as { kind: string; enabled: boolean };
      return { preferences: PREFERENCES.map((p) => (p.kind === kind ? { ...p, enabled } : p)) };
    });
    render(<MailSettings preferences={PREFERENCES} />);
    expect(screen.queryByRole('checkbox', { name: 'ご注文確認' })).toBeNull();
    expect(screen.getByText(/常にお送りします: ご注文確認、パスワード再設定のご案内/)).toBeTruthy();
    const restock = screen.getByRole('checkbox', { name: '再入荷のお知らせ' }) as HTMLInputElement;
    expect(restock.checked).toBe(false);
    fireEvent.click(restock);
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: '再入荷のお知らせ' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    const sent = api.requests.find((r) => r.method === 'PUT');
    expect(sent?.body).toEqual({ kind: 'restock', enabled: true });
  });
});

describe('UnsubscribeConfirm', () => {
  it('names the kind and POSTs the one-click URL with one button', async () => {
    const api = apiAnswering('POST /api/notifications/unsubscribe/', () => ({
      kind: 'restock',
      label: '再入荷のお知らせ',
      unsubscribed: true,
    }));
    render(
      <UnsubscribeConfirm
        token="7.restock.sig"
        link={{ kind: 'restock', label: '再入荷のお知らせ', unsubscribed: false }}
      />,
    );
    expect(screen.getByText('「再入荷のお知らせ」のメール配信を停止しますか？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '配信を停止する' }));
    expect(await screen.findByText(/配信を停止しました/)).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.url.searchParams.get('token')).toBe('7.restock.sig');
  });

  it('says a link the shop did not sign is not valid, with no button', () => {
    fakeApi({});
    render(<UnsubscribeConfirm token="x" link={null} />);
    expect(screen.getByRole('alert').textContent).toMatch(/正しくありません/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
