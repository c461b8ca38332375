import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../lib/session';
import { apiError, OWNER } from '../../testing/fake-api';
import { pressThenFind } from '../../testing/queries';
import { renderAt } from '../../testing/render';

const ADDED: StaffMember = {
  ...OWNER,
  id: 7,
  name: '佐藤 次郎',
  email: 'jiro@example.jp',
  role: 'staff',
  totpEnabled: false,
};

function fill(dialog: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('StaffPage', () => {
  it('adds a staff member: Japanese checks first, then the API’s field message, then the list', async () => {
    let added = false;
    let refusals = 0;
    const { fake } = renderAt('/staff', {
      'GET /api/admin/staff/': () => ({ items: added ? [OWNER, ADDED] : [OWNER] }),
      'POST /api/admin/staff/': () => {
        if (refusals++ === 0) {
          return apiError(400, 'invalid_json', '入力内容をご確認ください。', [
            { path: 'temporaryPassword', message: 'パスワードは8文字以上で入力してください' },
          ]);
        }
        added = true;
        return Response.json(ADDED, { status: 201 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'スタッフを追加' }));
    const dialog = screen.getByRole('dialog', { name: 'スタッフを追加' });
    fireEvent.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(await within(dialog).findByText('名前を入力してください。')).toBeTruthy();
    expect(within(dialog).getByText('メールアドレスを正しく入力してください。')).toBeTruthy();
    expect(within(dialog).getByText('仮のパスワードを入力してください。')).toBeTruthy();
    expect(fake.calls('POST /api/admin/staff/')).toHaveLength(0);

    fill(dialog, /^名前/, ' 佐藤 次郎 ');
    fill(dialog, /^メールアドレス/, 'jiro@example.jp');
    fill(dialog, /^役割/, 'read_only');
    fill(dialog, /^仮のパスワード/, 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(await within(dialog).findByText('パスワードは8文字以上で入力してください')).toBeTruthy();
    expect(within(dialog).getByText('入力内容をご確認ください。')).toBeTruthy();

    fill(dialog, /^仮のパスワード/, 'temporary-pass-1');
    await pressThenFind('追加する', '佐藤 次郎 を追加しました', dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('jiro@example.jp')).toBeTruthy();
    // Trimmed, with the chosen role; the refused one differed only in its password.
    const sent = { name: '佐藤 次郎', email: 'jiro@example.jp', role: 'read_only' };
    expect(fake.calls('POST /api/admin/staff/').map((r) => r.body)).toEqual([
      { ...sent, temporaryPassword: 'short' },
      { ...sent, temporaryPassword: 'temporary-pass-1' },
    ]);
  });

  it('disables an account, and says why when the API refuses a role change', async () => {
    let member: StaffMember = { ...ADDED, totpEnabled: true };
    const { fake } = renderAt('/staff', {
      'GET /api/admin/staff/': () => ({ items: [OWNER, member] }),
      'PATCH /api/admin/staff/7/': (request) => {
        const body = request.body as { disabled?: boolean; role?: string };
        if (body.role)
          return apiError(409, 'last_owner', 'オーナーがいなくなるため変更できません。');
        member = { ...member, disabled: body.disabled ?? member.disabled };
        return member;
      },
    });
    const row = (await screen.findByText('jiro@example.jp')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '無効にする' }));
    expect(await screen.findByText('佐藤 次郎 を無効にしました')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '有効にする' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: '佐藤 次郎 の役割' }), {
      target: { value: 'owner' },
    });
    expect(await screen.findByText('変更できませんでした')).toBeTruthy();
    expect(screen.getByText('オーナーがいなくなるため変更できません。')).toBeTruthy();
    expect(fake.calls('PATCH /api/admin/staff/7/').map((r) => r.body)).toEqual([
      { disabled: true },
      { role: 'owner' },
    ]);
  });
});
