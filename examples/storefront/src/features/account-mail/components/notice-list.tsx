import { formatJstDate } from '@shop/rules';
import { useEffect } from 'react';
import { patchSession } from '../../../lib/session';
import { markNoticesRead, type NoticePage } from '../api/account-mail';

/**
 * お知らせ: what the shop mailed the member, newest first; the unread ones are marked, and
 * opening the list marks them read (the header's badge clears).
 */
export function NoticeList({ page }: { page: NoticePage }) {
  useEffect(() => {
    if (page.unreadCount === 0) return;
    markNoticesRead()
      .then(() => patchSession({ unreadNotices: 0 }))
      .catch(() => undefined);
  }, [page.unreadCount]);

  if (page.notices.length === 0) {
    return <p className="panel">お知らせはまだありません。</p>;
  }
  return (
    <ul className="panel notice-list">
      {page.notices.map((notice) => (
        <li key={notice.id}>
          <time dateTime={notice.createdAt}>{formatJstDate(notice.createdAt)}</time>{' '}
          {notice.read ? null : <span className="notice-unread">未読</span>} {notice.title}
          （メールでお送りしました）
        </li>
      ))}
    </ul>
  );
}
