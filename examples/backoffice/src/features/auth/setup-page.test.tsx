import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/app';
import { apiError, fakeApi, OWNER, sessionHandler, sessionOf } from '../../testing/fake-api';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('SetupPage', () => {
  it('creates the first owner with the URL’s token, then asks for two-factor enrolment', async () => {
    let created = false;
    const fake = fakeApi({
      'GET /api/admin/setup/': () => ({ setupRequired: !created }),
      'GET /api/admin/session/': () =>
        created
          ? sessionOf({ ...OWNER, totpEnabled: false }, { totpRequired: true })
          : sessionHandler(null)(),
      'POST /api/admin/setup/': () => {
        created = true;
        return Response.json(sessionOf({ ...OWNER, totpEnabled: false }, { totpRequired: true }), {
          status: 201,
        });
      },
    });
    window.history.replaceState(null, '', '/admin/setup?token=the-printed-token');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: '登録してログイン' }));
    expect(await screen.findByText('お名前を入力してください。')).toBeTruthy();
    expect(screen.getByText('メールアドレスを正しく入力してください。')).toBeTruthy();
    fill(/^お名前/, '山田 花子');
    fill(/^メールアドレス/, 'owner@example.jp');
    fill(/^パスワード必須$/, 'correct horse battery');
    fill(/^パスワード（確認）/, 'correct horse batterx');
    fireEvent.click(screen.getByRole('button', { name: '登録してログイン' }));
    expect(await screen.findByText('パスワードが一致しません。')).toBeTruthy();
    expect(fake.calls('POST /api/admin/setup/')).toHaveLength(0);
    fill(/^パスワード（確認）/, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: '登録してログイン' }));
    expect(await screen.findByRole('heading', { name: '2段階認証の設定' })).toBeTruthy();
    expect(fake.calls('POST /api/admin/setup/')[0]?.body).toEqual({
      setupToken: 'the-printed-token',
      name: '山田 花子',
      email: 'owner@example.jp',
      password: 'correct horse battery',
    });
  });

  it('says when the setup is done, and when the link has no token', async () => {
    fakeApi({ 'GET /api/admin/setup/': () => ({ setupRequired: false }) });
    window.history.replaceState(null, '', '/admin/setup?token=x');
    const { unmount } = render(<App />);
    expect(await screen.findByText('初期設定は完了しています。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ログイン画面へ' })).toBeTruthy();
    unmount();
    fakeApi({
      'GET /api/admin/setup/': () => ({ setupRequired: true }),
      'GET /api/admin/session/': () => apiError(401, 'staff_unauthorized', '…'),
    });
    window.history.replaceState(null, '', '/admin/setup');
    render(<App />);
    expect(await screen.findByText(/初期設定のURLが正しくありません/)).toBeTruthy();
  });
});
