import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/app';
import { apiError, fakeApi, sessionHandler, switchableSession } from '../../testing/fake-api';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

describe('LoginPage', () => {
  it('asks for the TOTP code after the password, then signs in and goes back where it was', async () => {
    const session = switchableSession(false);
    const fake = fakeApi({
      'GET /api/admin/session/': session.read,
      'POST /api/admin/session/': (request) => {
        const body = request.body as { totp?: string };
        if (!body.totp)
          return apiError(401, 'totp_code_required', '確認コードを入力してください。');
        if (body.totp !== '123456')
          return apiError(401, 'totp_invalid', '確認コードが正しくありません。');
        return session.signIn();
      },
    });
    window.history.replaceState(null, '', '/admin/login?next=%2Forders%3Fstate%3Dshipped');
    render(
      <App
        table={[{ path: '/orders', component: () => <h1>注文一覧画面</h1>, permission: 'read' }]}
      />,
    );
    fill('メールアドレス', 'owner@example.jp');
    fill('パスワード', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));

    await screen.findByRole('button', { name: '確認してログイン' });
    fill('確認コード', '12');
    fireEvent.click(screen.getByRole('button', { name: '確認してログイン' }));
    expect(
      await screen.findByText('認証アプリに表示されている6桁の数字を入力してください。', {
        selector: '.field-error',
      }),
    ).toBeTruthy();

    fill('確認コード', '654321');
    fireEvent.click(screen.getByRole('button', { name: '確認してログイン' }));
    expect(await screen.findByText('確認コードが正しくありません。')).toBeTruthy();

    fill('確認コード', '123456');
    fireEvent.click(screen.getByRole('button', { name: '確認してログイン' }));
    expect(await screen.findByRole('heading', { name: '注文一覧画面' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/admin/orders?state=shipped');
    expect(fake.calls('POST /api/admin/session/').map((r) => r.body)).toEqual([
      { email: 'owner@example.jp', password: 'correct horse battery' },
      { email: 'owner@example.jp', password: 'correct horse battery', totp: '654321' },
      { email: 'owner@example.jp', password: 'correct horse battery', totp: '123456' },
    ]);
  });

  it('says in Japanese what is missing before sending anything', async () => {
    const fake = fakeApi({ 'GET /api/admin/session/': sessionHandler(null) });
    window.history.replaceState(null, '', '/admin/login');
    render(<App table={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('メールアドレスを入力してください。')).toBeTruthy();
    expect(screen.getByText('パスワードを入力してください。')).toBeTruthy();
    expect(fake.calls('POST /api/admin/session/')).toHaveLength(0);
  });

  it('never returns to another site after login', async () => {
    const session = switchableSession(false);
    fakeApi({
      'GET /api/admin/session/': session.read,
      'POST /api/admin/session/': session.signIn,
    });
    window.history.replaceState(null, '', '/admin/login?next=%2F%2Fevil.example%2F');
    render(
      <App table={[{ path: '/', component: () => <h1>ホーム画面</h1>, permission: 'read' }]} />,
    );
    fill('メールアドレス', 'owner@example.jp');
    fill('パスワード', 'pw');
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('heading', { name: 'ホーム画面' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/');
  });
});
