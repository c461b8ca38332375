import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, useSession } from '../../../lib/session';
import { fakeApi, SESSION } from '../../../testing/fake-api';
import type { NoticePage } from '../api/account-mail';
import { NoticeList } from './notice-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAGE: NoticePage = {
  notices: [
    {
      id: 2,
      kind: 'shipped',
      title: '発送のお知らせ',
      createdAt: '2026-11-21T01:00:00Z',
      read: false,
    },
    {
      id: 1,
      kind: 'order_confirmation',
      title: 'ご注文確認',
      createdAt: '2026-11-20T01:00:00Z',
      read: true,
    },
  ],
  page: 1,
  totalPages: 1,
  unreadCount: 1,
};

function Badge() {
  return <output>{useSession().summary?.unreadNotices}</output>;
}

describe('NoticeList', () => {
  it('lists newest first with the unread marked, and reading it clears the badge', async () => {
    const api = fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/user/notices/read/': () => new Response(null, { status: 204 }),
    });
    setSession({ ...SESSION, unreadNotices: 1 });
    render(
      <>
        <Badge />
        <NoticeList page={PAGE} />
      </>,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/2026年11月21日.*未読.*発送のお知らせ/);
    expect(items[1]).not.toMatch(/未読/);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('0'));
    expect(api.requests.filter((r) => r.url.pathname === '/api/user/notices/read/')).toHaveLength(
      1,
    );
  });

  it('asks nothing when all are read, and says when there are none', () => {
    const api = fakeApi({});
    render(<NoticeList page={{ ...PAGE, notices: [], unreadCount: 0 }} />);
    expect(screen.getByText('お知らせはまだありません。')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});
