import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DataTable } from '../../components/data-table';
import { TextField } from '../../components/form-field';
import { LoadError, Loading, PageHeader } from '../../components/page';
import { KeysetPager } from '../../components/pager';
import { Badge } from '../../components/status-badge';
import { api } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { useQuery } from '../../lib/use-query';
import type { MemberPage, MemberSummary } from './types';

interface MemberQuery {
  q?: string;
  cursor?: string;
}

function readQuery(search: string): MemberQuery {
  const params = new URLSearchParams(search);
  const query: MemberQuery = {};
  for (const key of ['q', 'cursor'] as const) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query;
}

function writeQuery(query: MemberQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return params.toString();
}

/**
 * 会員検索: part of an address or name, or a member id (all digits), as the API matches them;
 * newest first, one keyset page at a time. The query lives in the URL, so a search can be shared.
 */
export function MembersPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = readQuery(search);
  const key = writeQuery(query);
  const list = useQuery(key, () => api.get<MemberPage>('members/', { ...query }));
  const [draft, setDraft] = useState(query.q ?? '');
  const [error, setError] = useState<string | undefined>();
  const go = (next: MemberQuery) => {
    const text = writeQuery(next);
    navigate(text ? `/members?${text}` : '/members');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    if (q.length > 100) {
      setError('検索語は100文字以内で入力してください。');
      return;
    }
    setError(undefined);
    go({ q: q || undefined });
  };
  return (
    <>
      <PageHeader title="会員検索" />
      <form className="filters" onSubmit={submit} aria-label="会員の検索">
        <TextField
          label="メールアドレス・氏名・会員ID"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={error}
          size={30}
        />
        <div className="field">
          <button type="submit" className="button-primary">
            検索
          </button>
        </div>
      </form>
      {list.status === 'loading' ? <Loading /> : null}
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} /> : null}
      {list.status === 'ok' ? (
        <>
          <DataTable<MemberSummary>
            caption={query.q ? `「${query.q}」に一致する会員` : '会員（新しい順）'}
            rows={list.data.items}
            rowKey={(row) => String(row.id)}
            empty="条件に合う会員はいません。"
            columns={[
              { header: '会員ID', cell: (row) => row.id, numeric: true },
              {
                header: '氏名',
                cell: (row) => <Link href={`/members/${row.id}`}>{row.name || '（未設定）'}</Link>,
              },
              { header: 'メールアドレス', cell: (row) => row.email ?? '—' },
              {
                header: 'ポイント',
                cell: (row) => `${row.pointBalance.toLocaleString('ja-JP')}pt`,
                numeric: true,
              },
              { header: '登録', cell: (row) => jstDateTime(row.createdAt) },
              {
                header: '状態',
                cell: (row) =>
                  row.withdrawnAt ? (
                    <Badge tone="neutral">退会済み</Badge>
                  ) : (
                    <Badge tone="ok">会員</Badge>
                  ),
              },
            ]}
          />
          <KeysetPager
            nextCursor={list.data.nextCursor}
            atFirst={!query.cursor}
            onFirst={() => go({ ...query, cursor: undefined })}
            onNext={(cursor) => go({ ...query, cursor })}
          />
        </>
      ) : null}
    </>
  );
}
