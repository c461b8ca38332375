import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onePage, READ_ONLY } from '../../testing/fake-api';
import { renderAt } from '../../testing/render';

const MESSAGE = {
  id: 15,
  memberId: 42,
  name: '佐藤 花子',
  email: 'hanako@example.jp',
  category: '注文について',
  body: '届いた本の帯が破れていました。\n交換できますか。',
  createdAt: '2026-11-25T01:00:00.000Z',
  status: 'new',
  note: '',
  updatedAt: null,
};

describe('ContactsPage', () => {
  it('filters by status through the URL, then moves a message and keeps a note', async () => {
    const { fake } = renderAt('/contacts', {
      'GET /api/admin/contacts/': onePage([MESSAGE]),
      'PATCH /api/admin/contacts/15/': (request) => ({
        ...MESSAGE,
        ...(request.body as object),
        updatedAt: '2026-11-26T02:00:00.000Z',
      }),
    });
    await screen.findByRole('table', { name: 'お問い合わせ（新しい順）' });
    fireEvent.change(screen.getByLabelText('状態'), { target: { value: 'new' } });
    await screen.findByRole('table', { name: 'お問い合わせ（新しい順）' });
    expect(window.location.search).toBe('?status=new');
    expect(fake.calls('GET /api/admin/contacts/').at(-1)?.url.search).toBe('?status=new');

    fireEvent.click(screen.getByRole('button', { name: 'お問い合わせ #15 を開く' }));
    const dialog = screen.getByRole('dialog', { name: 'お問い合わせ #15' });
    expect(within(dialog).getByText(/交換できますか。/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('状態'), { target: { value: 'in_progress' } });
    fireEvent.change(within(dialog).getByLabelText('スタッフメモ'), {
      target: { value: '交換品を手配中' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存する' }));
    await screen.findByText('お問い合わせ #15 を保存しました');
    expect(fake.calls('PATCH /api/admin/contacts/15/')[0]?.body).toEqual({
      status: 'in_progress',
      note: '交換品を手配中',
    });
  });

  it('lets read-only staff read a message but not change it', async () => {
    renderAt('/contacts', { 'GET /api/admin/contacts/': onePage([MESSAGE]) }, READ_ONLY);
    await screen.findByRole('table', { name: 'お問い合わせ（新しい順）' });
    fireEvent.click(screen.getByRole('button', { name: 'お問い合わせ #15 を開く' }));
    const dialog = screen.getByRole('dialog', { name: 'お問い合わせ #15' });
    expect(within(dialog).getByLabelText('スタッフメモ').matches(':disabled')).toBe(true);
    expect(within(dialog).queryByRole('button', { name: '保存する' })).toBeNull();
  });
});
