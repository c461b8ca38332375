import { useState } from 'react';
import { Link } from 'wouter';
import { FilterForm } from '../../components/filter-form';
import { TextField } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { KeysetTable } from '../../components/pager';
import { Badge } from '../../components/status-badge';
import { jstDateTime } from '../../lib/format';
import { anyValue, type QueryShape, useListQuery } from '../../lib/url-query';
import type { MemberSummary } from './types';

const MEMBER_QUERY: QueryShape<'q' | 'cursor'> = { q: anyValue, cursor: anyValue };

/**
 * 会員検索: part of an address or name, or a member id (all digits), as the API matches them;
 * newest first, one keyset page at a time. The query lives in the URL, so a search can be shared.
 */
export function MembersPage() {
  const { query, pages, go } = useListQuery<MemberSummary>('/members', MEMBER_QUERY, 'members/');
  const [draft, setDraft] = useState(query.q ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
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
      <FilterForm label="会員の検索" applyLabel="検索" onApply={submit}>
        <TextField
          label="メールアドレス・氏名・会員ID"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={error}
          size={30}
        />
      </FilterForm>
      <KeysetTable<MemberSummary>
        {...pages}
        caption={query.q ? `「${query.q}」に一致する会員` : '会員（新しい順）'}
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
    </>
  );
}
