import type { AuditLogEntry } from '@shop/api/types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { twoPages } from '../../testing/fake-api';
import { renderList } from '../../testing/render';

const LOG = 'GET /api/admin/audit-log/';

const ENTRY: AuditLogEntry = {
  id: 31,
  at: '2026-12-01T03:00:00.000Z',
  staffId: 2,
  actor: '山田 花子',
  action: 'order.ship',
  targetType: 'order',
  targetId: '501',
  before: { state: 'preparing' },
  after: { state: 'shipped' },
};

describe('AuditPage', () => {
  it('filters through the URL by the API’s names and pages by its cursor', async () => {
    const { fake, table } = await renderList(
      '/audit-log?targetType=order',
      { [LOG]: twoPages([ENTRY], 'c31') },
      'スタッフの操作（新しい順）',
    );
    expect(within(table).getByText('order 501')).toBeTruthy();
    expect(within(table).getByText('{"state":"shipped"}')).toBeTruthy();
    expect(fake.calls(LOG)[0]?.url.search).toBe('?targetType=order');

    expect(screen.getByLabelText('対象の種類')).toHaveProperty('value', 'order');
    fireEvent.change(screen.getByLabelText('操作', { exact: false }), {
      target: { value: 'order.ship' },
    });
    fireEvent.change(screen.getByLabelText('対象の種類'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '絞り込む' }));
    await waitFor(() => expect(window.location.search).toBe('?action=order.ship'));

    fireEvent.click(await screen.findByRole('button', { name: '次へ' }));
    await screen.findByText('該当する操作はありません。');
    const last = fake.calls(LOG).at(-1)?.url.searchParams;
    expect([last?.get('action'), last?.get('cursor'), last?.get('targetType')]).toEqual([
      'order.ship',
      'c31',
      null,
    ]);
  });
});
