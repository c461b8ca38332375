import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/app';
import { apiError, fakeApi, OWNER, sessionOf } from '../../testing/fake-api';
import { renderAt } from '../../testing/render';

describe('two-factor enrolment', () => {
  it('is the only page of a session that must enrol; the code confirms it and the app opens', async () => {
    let enrolled = false;
    const newOwner = { ...OWNER, totpEnabled: false };
    const fake = fakeApi({
      'GET /api/admin/session/': () =>
        enrolled
          ? sessionOf({ ...newOwner, totpEnabled: true })
          : sessionOf(newOwner, { totpRequired: true }),
      'POST /api/admin/me/totp/': () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/shop:owner?secret=JBSWY3DPEHPK3PXP',
        qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
      'POST /api/admin/me/totp/confirm/': (request) => {
        if ((request.body as { code: string }).code !== '246810') {
          return apiError(400, 'totp_invalid', '確認コードが正しくありません。');
        }
        enrolled = true;
        return sessionOf({ ...newOwner, totpEnabled: true });
      },
      'GET /api/admin/dashboard/': () => apiError(503, 'x', 'ダッシュボード読み込み'),
    });
    window.history.replaceState(null, '', '/admin/orders');
    render(<App />);
    expect(await screen.findByRole('heading', { name: '2段階認証の設定' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: '管理メニュー' })).queryAllByRole('link'),
    ).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '設定を始める' }));
    const qr = (await screen.findByAltText('2段階認証のQRコード')) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('確認コード', { exact: false }), {
      target: { value: 'abc' },
    });
    fireEvent.click(screen.getByRole('button', { name: '確認して有効にする' }));
    expect(
      await screen.findByText('認証アプリに表示されている6桁の数字を入力してください。'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('確認コード', { exact: false }), {
      target: { value: '111111' },
    });
    fireEvent.click(screen.getByRole('button', { name: '確認して有効にする' }));
    expect(await screen.findByText('確認コードが正しくありません。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('確認コード', { exact: false }), {
      target: { value: '246810' },
    });
    fireEvent.click(screen.getByRole('button', { name: '確認して有効にする' }));
    expect(await screen.findByRole('heading', { name: '注文一覧' })).toBeTruthy();
    expect(fake.calls('POST /api/admin/me/totp/confirm/')).toHaveLength(2);
  });
});

describe('password change', () => {
  it('follows enrolment for a temporary password and shows the API’s field message', async () => {
    const { fake } = renderAt('/', {
      'GET /api/admin/session/': () => sessionOf(OWNER, { passwordChangeRequired: true }),
      'POST /api/admin/me/password/': () =>
        apiError(400, 'invalid_json', '入力内容をご確認ください。', [
          { path: 'newPassword', message: 'パスワードは8文字以上で入力してください' },
        ]),
    });
    expect(await screen.findByRole('heading', { name: 'パスワード変更' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('現在のパスワード', { exact: false }), {
      target: { value: 'temp-pass-1' },
    });
    fireEvent.change(screen.getByLabelText(/^新しいパスワード必須$/), {
      target: { value: 'short' },
    });
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('新しいパスワードが一致しません。')).toBeTruthy();
    expect(fake.calls('POST /api/admin/me/password/')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^新しいパスワード（確認）/), {
      target: { value: 'short' },
    });
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));
    expect(await screen.findByText('パスワードは8文字以上で入力してください')).toBeTruthy();
    expect(fake.calls('POST /api/admin/me/password/')[0]?.body).toEqual({
      currentPassword: 'temp-pass-1',
      newPassword: 'short',
    });
  });
});

describe('API tokens', () => {
  it('shows a new token once, and revokes after confirmation', async () => {
    let revoked = false;
    const token = {
      id: 3,
      staffId: 1,
      staffName: '山田 花子',
      name: '出荷CSV',
      prefix: 'shop_staff_AbCdEf',
      role: 'staff',
      createdAt: '2026-11-26T00:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    };
    const { fake } = renderAt('/account/tokens', {
      'GET /api/admin/tokens/': () => ({
        items: [{ ...token, revokedAt: revoked ? '2026-11-26T01:00:00.000Z' : null }],
      }),
      'POST /api/admin/tokens/': () => ({ token, secret: 'shop_staff_AbCdEf-the-whole-secret' }),
      'DELETE /api/admin/tokens/3/': () => {
        revoked = true;
        return { ...token, revokedAt: '2026-11-26T01:00:00.000Z' };
      },
    });
    await screen.findByText('shop_staff_AbCdEf…');
    fireEvent.click(screen.getByRole('button', { name: '作成する' }));
    expect(await screen.findByText('トークンの名前を入力してください。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('名前（用途）', { exact: false }), {
      target: { value: '出荷CSV' },
    });
    fireEvent.change(screen.getByLabelText('権限'), { target: { value: 'staff' } });
    fireEvent.click(screen.getByRole('button', { name: '作成する' }));
    const shown = await screen.findByRole('dialog', { name: 'トークンを作成しました' });
    expect((within(shown).getByRole('textbox') as HTMLInputElement).value).toBe(
      'shop_staff_AbCdEf-the-whole-secret',
    );
    expect(fake.calls('POST /api/admin/tokens/')[0]?.body).toEqual({
      name: '出荷CSV',
      role: 'staff',
    });
    fireEvent.click(within(shown).getByRole('button', { name: '保存したので閉じる' }));
    expect(screen.queryByText('shop_staff_AbCdEf-the-whole-secret')).toBeNull();

    // The list loads again after the creation; its row's button is back once it has.
    fireEvent.click(await screen.findByRole('button', { name: '無効にする' }));
    const confirm = await screen.findByRole('dialog', { name: 'トークンを無効にしますか' });
    fireEvent.click(within(confirm).getByRole('button', { name: '無効にする' }));
    expect(await screen.findByText('無効', { selector: '.badge' })).toBeTruthy();
    expect(fake.calls('DELETE /api/admin/tokens/3/')).toHaveLength(1);
  });
});
