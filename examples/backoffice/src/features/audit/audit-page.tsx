import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DataTable } from '../../components/data-table';
import { TextField } from '../../components/form-field';
import { LoadError, Loading, PageHeader } from '../../components/page';
import { KeysetPager } from '../../components/pager';
import { api } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { useQuery } from '../../lib/use-query';

/** One entry of GET audit-log/. */
interface AuditEntry {
  id: number;
  at: string;
  staffId: number | null;
  actor: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

const KEYS = ['staffId', 'targetType', 'targetId', 'action', 'cursor'] as const;
type AuditQuery = Partial<Record<(typeof KEYS)[number], string>>;

function readQuery(search: string): AuditQuery {
  const params = new URLSearchParams(search);
  const query: AuditQuery = {};
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

function searchOf(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const key of KEYS) if (query[key]) params.set(key, query[key] as string);
  return params.toString();
}

/** before/after as compact JSON, for the eye (the entry keeps them whole). */
function change(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

/**
 * 監査ログ: every staff write, newest first (who, what, on what, before and after), filtered by
 * staff member, target or action; the log cannot be edited (the database refuses).
 */
export function AuditPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = readQuery(search);
  const key = searchOf(query);
  const page = useQuery(key, () =>
    api.get<{ items: AuditEntry[]; nextCursor: string | null }>('audit-log/', { ...query }),
  );
  const [draft, setDraft] = useState<AuditQuery>({ ...query, cursor: undefined });
  const go = (next: AuditQuery) => {
    const text = searchOf(next);
    navigate(text ? `/audit-log?${text}` : '/audit-log');
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    go({ ...draft, cursor: undefined });
  };
  const field = (name: keyof AuditQuery, label: string, hint?: string) => (
    <TextField
      label={label}
      {...(hint ? { hint } : {})}
      value={draft[name] ?? ''}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value || undefined })}
    />
  );

  return (
    <>
      <PageHeader title="監査ログ" />
      <form className="filters" onSubmit={apply} aria-label="監査ログの絞り込み">
        {field('staffId', 'スタッフID')}
        {field('action', '操作', '例：order.ship')}
        {field('targetType', '対象の種類', '例：order')}
        {field('targetId', '対象のID')}
        <div className="field">
          <button type="submit" className="button-primary">
            絞り込む
          </button>
        </div>
      </form>
      {page.status === 'loading' ? <Loading /> : null}
      {page.status === 'error' ? <LoadError error={page.error} onRetry={page.reload} /> : null}
      {page.status === 'ok' ? (
        <>
          <DataTable
            caption="スタッフの操作（新しい順）"
            rows={page.data.items}
            rowKey={(entry) => String(entry.id)}
            empty="該当する操作はありません。"
            columns={[
              { header: '日時', cell: (e) => jstDateTime(e.at) },
              { header: 'スタッフ', cell: (e) => e.actor },
              { header: '操作', cell: (e) => <code>{e.action}</code> },
              { header: '対象', cell: (e) => `${e.targetType} ${e.targetId ?? ''}` },
              { header: '変更前', cell: (e) => <code className="json">{change(e.before)}</code> },
              { header: '変更後', cell: (e) => <code className="json">{change(e.after)}</code> },
            ]}
          />
          <KeysetPager
            nextCursor={page.data.nextCursor}
            atFirst={!query.cursor}
            onFirst={() => go({ ...query, cursor: undefined })}
            onNext={(cursor) => go({ ...query, cursor })}
          />
        </>
      ) : null}
    </>
  );
}
