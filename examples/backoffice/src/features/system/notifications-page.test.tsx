import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, CSRF_TOKEN, READ_ONLY } from '../../testing/fake-api';
import { renderAt } from '../../testing/render';

const COUNTS = { queued: 3, sending: 1, sent: 120, dead: 2, skipped: 4 };

const DEAD = {
  id: 41,
  kind: 'payment_reminder',
  state: 'dead',
  attempts: 8,
  lastError: 'EENVELOPE 550',
  createdAt: '2026-11-25T01:00:00.000Z',
  updatedAt: '2026-11-25T09:30:00.000Z',
  nextAttemptAt: null,
};

const FAILING = {
  id: 42,
  kind: 'order_confirmation',
  state: 'queued',
  attempts: 2,
  lastError: 'ECONNECTION',
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T01:05:00.000Z',
  nextAttemptAt: '2026-11-26T01:15:00.000Z',
};

/** GET notifications/ answering from the query's state, as the API filters. */
function listHandler(dead = [DEAD]) {
  return (request: { url: URL }) => ({
    items: request.url.searchParams.get('state') === 'failing' ? [FAILING] : dead,
    nextCursor: null,
    counts: COUNTS,
  });
}

describe('NotificationsPage', () => {
  it('shows the counts and the dead mails, and the 再試行中 tab puts its state in the URL and the query', async () => {
    const { fake } = renderAt('/notifications', {
      'GET /api/admin/notifications/': listHandler(),
    });
    const table = await screen.findByRole('table', { name: '配信失敗のメール（新しい順）' });
    expect(fake.calls('GET /api/admin/notifications/')[0]?.url.search).toBe('?state=dead');
    const counts = screen.getByLabelText('メールの件数');
    expect(counts.textContent).toContain('送信済み120件');
    expect(counts.textContent).toContain('送信できず2件');
    // The kind is @shop/rules' NOTIFICATION_KINDS label, with the attempts and the last error.
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('お支払い期限のお知らせ');
    expect(row.textContent).toContain('8回');
    expect(row.textContent).toContain('EENVELOPE 550');
    expect(row.textContent).toContain('2026年11月25日(水) 18:30');

    fireEvent.click(screen.getByRole('link', { name: '再試行中' }));
    const failing = await screen.findByRole('table', { name: '再試行中のメール（新しい順）' });
    expect(window.location.search).toBe('?state=failing');
    expect(fake.calls('GET /api/admin/notifications/').at(-1)?.url.search).toBe('?state=failing');
    expect(screen.getByRole('link', { name: '再試行中' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(failing).getByText('ご注文確認')).toBeTruthy();
    // A failing mail is still being tried: nothing to send again.
    expect(within(failing).queryByRole('button', { name: /再送/ })).toBeNull();
  });

  it('pages with the cursor of the answer, keeping the tab', async () => {
    const { fake } = renderAt('/notifications?state=failing', {
      'GET /api/admin/notifications/': (request) => ({
        items: [FAILING],
        nextCursor: request.url.searchParams.get('cursor') ? null : 'c-42',
        counts: COUNTS,
      }),
    });
    await screen.findByRole('table', { name: '再試行中のメール（新しい順）' });
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() => expect(window.location.search).toBe('?state=failing&cursor=c-42'));
    await screen.findByRole('table');
    expect(fake.calls('GET /api/admin/notifications/').at(-1)?.url.search).toBe(
      '?state=failing&cursor=c-42',
    );
    fireEvent.click(await screen.findByRole('button', { name: '最初へ' }));
    await waitFor(() => expect(window.location.search).toBe('?state=failing'));
    await screen.findByRole('table');
    expect(fake.calls('GET /api/admin/notifications/').at(-1)?.url.search).toBe('?state=failing');
  });

  it('sends a dead mail again with the CSRF token, says so and reloads the list', async () => {
    let dead = [DEAD];
    const { fake } = renderAt('/notifications', {
      'GET /api/admin/notifications/': (request) => listHandler(dead)(request),
      'POST /api/admin/notifications/41/retry/': () => {
        dead = [];
        return { ...DEAD, state: 'queued', attempts: 0 };
      },
    });
    await screen.findByRole('table', { name: '配信失敗のメール（新しい順）' });
    fireEvent.click(screen.getByRole('button', { name: 'メール #41 を再送' }));
    await screen.findByText('「お支払い期限のお知らせ」（#41）を再送しました');
    const post = fake.calls('POST /api/admin/notifications/41/retry/');
    expect(post).toHaveLength(1);
    expect(post[0]?.headers.get('x-csrf-token')).toBe(CSRF_TOKEN);
    await screen.findByText('送信できなかったメールはありません。');
    expect(fake.calls('GET /api/admin/notifications/')).toHaveLength(2);
  });

  it("shows the API's Japanese message when the mail is no longer dead (409)", async () => {
    renderAt('/notifications', {
      'GET /api/admin/notifications/': listHandler(),
      'POST /api/admin/notifications/41/retry/': () =>
        apiError(409, 'notification_not_dead', '配信停止（dead）のメッセージだけを再送できます。'),
    });
    await screen.findByRole('table', { name: '配信失敗のメール（新しい順）' });
    fireEvent.click(screen.getByRole('button', { name: 'メール #41 を再送' }));
    await screen.findByText('再送できませんでした');
    expect(screen.getByText('配信停止（dead）のメッセージだけを再送できます。')).toBeTruthy();
  });

  it('offers read-only staff no 再送', async () => {
    renderAt('/notifications', { 'GET /api/admin/notifications/': listHandler() }, READ_ONLY);
    const table = await screen.findByRole('table', { name: '配信失敗のメール（新しい順）' });
    expect(within(table).getByText('お支払い期限のお知らせ')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /再送/ })).toBeNull();
    expect(within(table).queryByText('操作')).toBeNull();
  });
});
