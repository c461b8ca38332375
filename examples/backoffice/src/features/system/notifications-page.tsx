import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageHeader } from '../../components/page';
import { KeysetTable } from '../../components/pager';
import { mailColumns } from '../../components/shared-columns';
import { useToast } from '../../components/toast';
import { api, errorMessage } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { MAIL_STATES, type MailState, mailKindLabel } from '../../lib/mail';
import { useCan } from '../../lib/session';
import { useQuery } from '../../lib/use-query';

/** One mail of GET notifications/ (docs/backoffice.md "Notifications"); never its recipient. */
interface TroubledMail {
  id: number;
  kind: string;
  state: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  nextAttemptAt: string | null;
}

interface OutboxPage {
  items: TroubledMail[];
  nextCursor: string | null;
  counts: Record<MailState, number>;
}

/** The two lists the API keeps apart: given up, and still being tried. */
const TABS = {
  dead: '配信失敗',
  failing: '再試行中',
} as const;

type Tab = keyof typeof TABS;

const tabOf = (value: string | null): Tab => (value === 'failing' ? 'failing' : 'dead');

function pathOf(tab: Tab, cursor?: string): string {
  const query = new URLSearchParams({ state: tab });
  if (cursor) query.set('cursor', cursor);
  return `/notifications?${query}`;
}

/**
 * メール配信: the outbox's counts by state, and the mails that did not go out (配信失敗) or are
 * being tried again (再試行中), newest first, the tab in the URL. Staff who may write send a dead
 * mail again (再送) once its cause is fixed (docs/operations.md "Mail").
 */
export function NotificationsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const toast = useToast();
  const canWrite = useCan('write');
  const params = new URLSearchParams(search);
  const tab = tabOf(params.get('state'));
  const cursor = params.get('cursor') ?? undefined;
  const list = useQuery(`${tab}-${cursor ?? ''}`, () =>
    api.get<OutboxPage>('notifications/', { state: tab, cursor }),
  );
  const [retrying, setRetrying] = useState<number | null>(null);
  const retry = async (mail: TroubledMail) => {
    setRetrying(mail.id);
    try {
      await api.post(`notifications/${mail.id}/retry/`);
      toast({
        title: `「${mailKindLabel(mail.kind)}」（#${mail.id}）を再送しました`,
        description: '送信待ちに戻しました。まもなく送信されます。',
        tone: 'success',
      });
    } catch (error) {
      toast({ title: '再送できませんでした', description: errorMessage(error), tone: 'error' });
    } finally {
      setRetrying(null);
      // Either way the list has moved on: the mail is queued, or another person retried it.
      list.reload();
    }
  };
  return (
    <>
      <PageHeader title="メール配信" />
      {list.status === 'ok' ? (
        <dl className="facts" aria-label="メールの件数">
          {(Object.keys(MAIL_STATES) as MailState[]).map((state) => (
            <div key={state}>
              <dt>{MAIL_STATES[state].label}</dt>
              <dd>{list.data.counts[state]}件</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <nav className="tabs" aria-label="表示するメール">
        {(Object.keys(TABS) as Tab[]).map((t) => (
          <Link key={t} href={pathOf(t)} aria-current={t === tab ? 'page' : undefined}>
            {TABS[t]}
          </Link>
        ))}
      </nav>
      <KeysetTable<TroubledMail>
        list={list}
        cursor={cursor}
        onPage={(next) => navigate(pathOf(tab, next))}
        caption={`${TABS[tab]}のメール（新しい順）`}
        rowKey={(m) => String(m.id)}
        empty={
          tab === 'dead' ? '送信できなかったメールはありません。' : '再試行中のメールはありません。'
        }
        columns={[
          { header: 'ID', cell: (m) => m.id, numeric: true },
          ...mailColumns<TroubledMail>(),
          { header: '試行回数', cell: (m) => `${m.attempts}回`, numeric: true },
          { header: '最後のエラー', cell: (m) => m.lastError ?? '—' },
          { header: '作成', cell: (m) => jstDateTime(m.createdAt) },
          { header: '更新', cell: (m) => jstDateTime(m.updatedAt) },
          { header: '次の送信', cell: (m) => jstDateTime(m.nextAttemptAt) },
          ...(canWrite
            ? [
                {
                  header: '操作',
                  cell: (m: TroubledMail) =>
                    m.state === 'dead' ? (
                      <button
                        type="button"
                        aria-label={`メール #${m.id} を再送`}
                        disabled={retrying !== null}
                        onClick={() => retry(m)}
                      >
                        再送
                      </button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
