import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type MypageData, MypageSummary } from './mypage-summary';

afterEach(cleanup);

const PAGE: MypageData = {
  member: null,
  points: { balance: 0, nextExpiry: null, entries: [] },
  reservations: [],
  recent: [],
  bundleGroups: [],
};

/** The summary of a member with `balance` points, their next expiry, and one history entry. */
function renderPoints(
  balance: number,
  nextExpiry: MypageData['points']['nextExpiry'],
  entry: MypageData['points']['entries'][number],
) {
  render(<MypageSummary page={{ ...PAGE, points: { balance, nextExpiry, entries: [entry] } }} />);
}

describe('MypageSummary points', () => {
  it('shows when the balance expires and how much', () => {
    renderPoints(
      1500,
      { date: '2026-12-01', amount: 1500 },
      { id: 1, kind: 'grant', amount: 1500, orderId: 12, createdAt: '2025-12-01T03:00:00.000Z' },
    );
    expect(screen.getByText(/ポイント有効期限 2026年12月1日\(火\)/).textContent).toContain(
      '1,500ptが期限の翌日に失効します',
    );
  });

  it('lists an expiry entry as 有効期限切れ, and no date once nothing is left', () => {
    renderPoints(0, null, {
      id: 2,
      kind: 'expiry',
      amount: -1500,
      orderId: null,
      createdAt: '2026-12-01T15:00:00.000Z',
    });
    const history = screen.getByRole('table');
    const row = within(history).getAllByRole('row')[1];
    expect(row?.textContent).toBe('2026年12月2日(水)有効期限切れ−1,500pt');
    expect(screen.queryByText(/ポイント有効期限/)).toBeNull();
  });
});
