import { DataTable } from '../../components/data-table';
import { LoadError, Loading, PageHeader } from '../../components/page';
import { Badge } from '../../components/status-badge';
import { api } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { useQuery } from '../../lib/use-query';

/** One job of GET jobs/ (docs/backoffice.md "Scheduled jobs"). */
interface ScheduledJob {
  name: string;
  intervalMs: number;
  nextRunAt: string | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastError: string | null;
}

/** What each job of the API's SCHEDULED_JOBS does, as the staff call it. */
const JOB_LABELS: Record<string, string> = {
  outbox_prune: '送信済みメールの整理',
  favorite_new_releases_digest: 'お気に入り新刊のお知らせ',
  payment_open_released_reservations: '発売日を迎えた予約の入金受付',
  payment_reminders: '入金期限のお知らせ',
  payment_overdue_cancellations: '入金期限切れの自動キャンセル',
  points_expiry: 'ポイントの有効期限',
  price_decided_authorizations: '価格決定後のカード与信',
};

/** A job the page does not know yet (added to the API since) shows as its own name. */
const jobLabel = (name: string) => (Object.hasOwn(JOB_LABELS, name) ? JOB_LABELS[name] : name);

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** 「15分ごと」, 「1時間ごと」, 「1時間30分ごと」; under a minute in seconds. */
export function intervalText(ms: number): string {
  if (ms < MINUTE) return `${Math.round(ms / 1000)}秒ごと`;
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.round((ms % HOUR) / MINUTE);
  if (hours === 0) return `${minutes}分ごと`;
  return minutes === 0 ? `${hours}時間ごと` : `${hours}時間${minutes}分ごと`;
}

function JobState({ job }: { job: ScheduledJob }) {
  if (job.lastError !== null) return <Badge tone="error">失敗</Badge>;
  if (job.lastFinishedAt === null) return <Badge tone="neutral">未実行</Badge>;
  return <Badge tone="ok">正常</Badge>;
}

/**
 * 定期処理: every scheduled job with its interval, next run, last start and end; a job whose last
 * run failed is flagged with its error, so a person sees that the deadlines and reminders ran.
 */
export function JobsPage() {
  const list = useQuery('jobs', () => api.get<{ items: ScheduledJob[] }>('jobs/'));
  return (
    <>
      <PageHeader title="定期処理" />
      {list.status === 'loading' ? <Loading /> : null}
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} /> : null}
      {list.status === 'ok' ? (
        <DataTable<ScheduledJob>
          caption="定期処理の一覧"
          rows={list.data.items}
          rowKey={(job) => job.name}
          empty="定期処理はありません。"
          columns={[
            { header: '処理', cell: (job) => jobLabel(job.name) },
            { header: '間隔', cell: (job) => intervalText(job.intervalMs) },
            { header: '状態', cell: (job) => <JobState job={job} /> },
            { header: '前回の開始', cell: (job) => jstDateTime(job.lastStartedAt) },
            { header: '前回の終了', cell: (job) => jstDateTime(job.lastFinishedAt) },
            { header: '次回', cell: (job) => jstDateTime(job.nextRunAt) },
            { header: 'エラー', cell: (job) => job.lastError ?? '—' },
          ]}
        />
      ) : null}
    </>
  );
}
