import type { AuditLogEntry } from '@shop/api/types';
import { FilterForm } from '../../components/filter-form';
import { TextField } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { KeysetTable } from '../../components/pager';
import { auditColumns } from '../../components/shared-columns';
import {
  anyValue,
  type QueryShape,
  type UrlQuery,
  useListQuery,
  useQueryDraft,
} from '../../lib/url-query';

const AUDIT_QUERY: QueryShape<'staffId' | 'targetType' | 'targetId' | 'action' | 'cursor'> = {
  staffId: anyValue,
  targetType: anyValue,
  targetId: anyValue,
  action: anyValue,
  cursor: anyValue,
};
type AuditQuery = UrlQuery<keyof typeof AUDIT_QUERY>;

/** before/after as compact JSON, for the eye (the entry keeps them whole). */
function change(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

/**
 * 監査ログ: every staff write, newest first (who, what, on what, before and after), filtered by
 * staff member, target or action; the log cannot be edited (the database refuses).
 */
export function AuditPage() {
  const { query, pages, go } = useListQuery<AuditLogEntry>('/audit-log', AUDIT_QUERY, 'audit-log/');
  const { draft, bind } = useQueryDraft<keyof AuditQuery>({ ...query, cursor: undefined });
  const field = (name: keyof AuditQuery, label: string, hint?: string) => (
    <TextField label={label} {...(hint ? { hint } : {})} {...bind(name)} />
  );

  return (
    <>
      <PageHeader title="監査ログ" />
      <FilterForm
        label="監査ログの絞り込み"
        applyLabel="絞り込む"
        onApply={() => go({ ...draft, cursor: undefined })}
      >
        {field('staffId', 'スタッフID')}
        {field('action', '操作', '例：order.ship')}
        {field('targetType', '対象の種類', '例：order')}
        {field('targetId', '対象のID')}
      </FilterForm>
      <KeysetTable<AuditLogEntry>
        {...pages}
        caption="スタッフの操作（新しい順）"
        rowKey={(entry) => String(entry.id)}
        empty="該当する操作はありません。"
        columns={[
          ...auditColumns<AuditLogEntry>(),
          { header: '対象', cell: (e) => `${e.targetType} ${e.targetId ?? ''}` },
          { header: '変更前', cell: (e) => <code className="json">{change(e.before)}</code> },
          { header: '変更後', cell: (e) => <code className="json">{change(e.after)}</code> },
        ]}
      />
    </>
  );
}
