import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';

const DASHBOARD = {
  today: '2026-11-26',
  orders: { count: 0, sales: 0 },
  awaitingPayment: { count: 0, overdue: 0 },
  toShipToday: 0,
  reservationsOpening: { today: 0, thisWeek: 0, items: [] },
  notifications: { failing: 3, dead: 2 },
  lowStock: { count: 0, items: [] },
};

describe('DashboardPage', () => {
  it('links the failed mails to メール配信: the dead ones, and the ones being tried again', async () => {
    renderAt('/', {
      'GET /api/admin/dashboard/': () => DASHBOARD,
      'GET /api/admin/notifications/': () => ({
        items: [],
        nextCursor: null,
        counts: { queued: 0, sending: 0, sent: 0, dead: 2, skipped: 0 },
      }),
    });
    expect((await screen.findByRole('link', { name: '再試行中 3件' })).getAttribute('href')).toBe(
      '/admin/notifications?state=failing',
    );
    fireEvent.click(screen.getByRole('link', { name: '2件' }));
    await screen.findByRole('heading', { name: 'メール配信' });
    expect(window.location.pathname).toBe('/admin/notifications');
    expect(window.location.search).toBe('?state=dead');
  });
});
