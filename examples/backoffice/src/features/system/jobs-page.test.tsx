import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OWNER } from '../../testing/fake-api';
import { renderAt } from '../../testing/render';
import { intervalText } from './jobs-page';

const JOBS = [
  {
    name: 'payment_reminders',
    intervalMs: 15 * 60 * 1000,
    nextRunAt: '2026-11-26T01:15:00.000Z',
    lastStartedAt: '2026-11-26T01:00:00.000Z',
    lastFinishedAt: '2026-11-26T01:00:02.000Z',
    lastError: null,
  },
  {
    name: 'points_expiry',
    intervalMs: 60 * 60 * 1000,
    nextRunAt: '2026-11-26T02:00:00.000Z',
    lastStartedAt: '2026-11-26T01:00:00.000Z',
    lastFinishedAt: '2026-11-26T01:00:01.000Z',
    lastError: 'Error: connection terminated',
  },
  {
    name: 'nightly_backup',
    intervalMs: 90 * 60 * 1000,
    nextRunAt: null,
    lastStartedAt: null,
    lastFinishedAt: null,
    lastError: null,
  },
];

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('JobsPage', () => {
  it('labels each job in Japanese with its interval and flags the one whose last run failed', async () => {
    renderAt(
      '/jobs',
      { 'GET /api/admin/jobs/': () => ({ items: JOBS }) },
      {
        ...OWNER,
        role: 'read_only',
      },
    );
    const table = await screen.findByRole('table', { name: '定期処理の一覧' });
    const reminders = rowOf(table, '入金期限のお知らせ');
    expect(reminders.textContent).toContain('15分ごと');
    expect(within(reminders).getByText('正常')).toBeTruthy();
    expect(reminders.textContent).toContain('2026年11月26日(木) 10:15');

    const expiry = rowOf(table, 'ポイントの有効期限');
    expect(expiry.textContent).toContain('1時間ごと');
    expect(within(expiry).getByText('失敗')).toBeTruthy();
    expect(within(expiry).getByText('Error: connection terminated')).toBeTruthy();

    // A job this page does not know yet shows as its own name, never run.
    const unknown = rowOf(table, 'nightly_backup');
    expect(unknown.textContent).toContain('1時間30分ごと');
    expect(within(unknown).getByText('未実行')).toBeTruthy();
    expect(within(table).getAllByText('失敗')).toHaveLength(1);
  });

  it('writes intervals in minutes and hours', () => {
    expect(intervalText(10 * 60 * 1000)).toBe('10分ごと');
    expect(intervalText(2 * 60 * 60 * 1000)).toBe('2時間ごと');
    expect(intervalText(24 * 60 * 60 * 1000)).toBe('24時間ごと');
    expect(intervalText(30 * 1000)).toBe('30秒ごと');
  });
});
