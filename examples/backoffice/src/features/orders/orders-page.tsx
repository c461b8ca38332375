import {
  formatJstDate,
  formatYen,
  ORDER_STATES,
  orderStateLabel,
  PAYMENT_METHOD_NAMES,
  paymentMethod,
} from '@shop/rules';
import { useState } from 'react';
import { Link } from 'wouter';
import { CheckField } from '../../components/check-field';
import { FilterForm } from '../../components/filter-form';
import { SelectField, TextField } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { KeysetTable } from '../../components/pager';
import { Badge, OrderStateBadge } from '../../components/status-badge';
import { jstDateTime, releaseText } from '../../lib/format';
import { useCan } from '../../lib/session';
import { useListQuery, useQueryDraft } from '../../lib/url-query';
import { BulkDialog, type BulkKind } from './bulk-dialog';
import { ORDER_FILTERS, type OrderFilters } from './order-filters';
import type { OrderRow } from './types';

const STATE_OPTIONS = [
  { value: '', label: 'すべて' },
  ...ORDER_STATES.map((state) => ({ value: state, label: orderStateLabel(state) })),
];
const METHOD_OPTIONS = [
  { value: '', label: 'すべて' },
  ...PAYMENT_METHOD_NAMES.map((name) => ({ value: name, label: paymentMethod(name).verboseName })),
];

/** The filter form: edits a draft, applied to the URL (and so the API query) on 絞り込む. */
function OrderFilterForm({
  filters,
  go,
}: {
  filters: OrderFilters;
  go: (next: OrderFilters) => void;
}) {
  const { draft, setDraft, bind } = useQueryDraft<keyof OrderFilters>({
    ...filters,
    cursor: undefined,
  });
  return (
    <FilterForm
      label="注文の絞り込み"
      applyLabel="絞り込む"
      onApply={() => go({ ...draft, cursor: undefined })}
      more={
        <div className="field">
          <button type="button" onClick={() => go({})}>
            条件をクリア
          </button>
        </div>
      }
    >
      <SelectField label="状態" options={STATE_OPTIONS} {...bind('state')} />
      <SelectField label="支払方法" options={METHOD_OPTIONS} {...bind('paymentMethod')} />
      <CheckField
        label="入金期限切れのみ"
        checked={draft.overdue === '1'}
        onChange={(overdue) =>
          setDraft((current) => ({ ...current, overdue: overdue ? '1' : undefined }))
        }
      />
      <TextField label="ご注文番号" inputMode="numeric" {...bind('orderNumber')} size={10} />
      <TextField label="会員ID" inputMode="numeric" {...bind('memberId')} size={8} />
      <TextField label="注文日（から）" type="date" {...bind('placedFrom')} />
      <TextField label="注文日（まで）" type="date" {...bind('placedTo')} />
      <TextField label="発売日（から）" type="date" {...bind('releaseFrom')} />
      <TextField label="発売日（まで）" type="date" {...bind('releaseTo')} />
    </FilterForm>
  );
}

/**
 * 注文一覧: the orders, newest first, filtered by what the URL carries (the API's own query
 * names), one keyset page at a time; rows are selected for a bulk 入金確認, 発送 or キャンセル.
 */
export function OrdersPage() {
  const canWrite = useCan('write');
  const {
    query: filters,
    key,
    list,
    pages,
    go,
  } = useListQuery<OrderRow>('/orders', ORDER_FILTERS, 'orders/');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<BulkKind | null>(null);
  const [shownFor, setShownFor] = useState(key);
  // A new page or filter starts with nothing selected: a selection is of rows one can see.
  if (shownFor !== key) {
    setShownFor(key);
    setSelected(new Set());
  }

  const rows = list.status === 'ok' ? list.data.items : [];
  const chosen = rows.filter((row) => selected.has(String(row.id)));

  return (
    <>
      <PageHeader
        title="注文一覧"
        actions={
          canWrite ? (
            <Link href="/orders/tracking-csv" className="button-like">
              追跡番号CSVで発送
            </Link>
          ) : null
        }
      />
      <OrderFilterForm key={key} filters={filters} go={go} />
      {canWrite ? (
        <div className="bulk-bar" role="toolbar" aria-label="選んだ注文の一括操作">
          <span>{chosen.length}件を選択中</span>
          <button type="button" disabled={chosen.length === 0} onClick={() => setBulk('payment')}>
            入金確認
          </button>
          <button type="button" disabled={chosen.length === 0} onClick={() => setBulk('ship')}>
            発送
          </button>
          <button type="button" disabled={chosen.length === 0} onClick={() => setBulk('cancel')}>
            キャンセル
          </button>
        </div>
      ) : null}
      <KeysetTable<OrderRow>
        {...pages}
        caption={filters.cursor ? '注文（続き）' : '注文（新しい順）'}
        rowKey={(row) => String(row.id)}
        empty="条件に合う注文はありません。"
        selection={
          canWrite
            ? {
                selected,
                onChange: setSelected,
                label: (id) => `注文 ${rows.find((r) => String(r.id) === id)?.number ?? id} を選択`,
              }
            : undefined
        }
        columns={[
          {
            header: 'ご注文番号',
            cell: (row) => <Link href={`/orders/${row.id}`}>{row.number}</Link>,
          },
          { header: '注文日時', cell: (row) => jstDateTime(row.placedAt) },
          {
            header: 'お客様',
            cell: (row) => `${row.member.name}（会員ID ${row.member.id}）`,
          },
          { header: '状態', cell: (row) => <OrderStateBadge state={row.state} /> },
          { header: '支払方法', cell: (row) => row.paymentMethodLabel },
          { header: '合計', cell: (row) => formatYen(row.total), numeric: true },
          {
            header: '入金',
            cell: (row) =>
              row.paid ? (
                <Badge tone="ok">入金済み</Badge>
              ) : row.overdue ? (
                <Badge tone="error">{`期限切れ ${formatJstDate(row.paymentDueDate ?? row.placedAt)}`}</Badge>
              ) : row.paymentDueDate ? (
                `期限 ${formatJstDate(row.paymentDueDate)}`
              ) : (
                '—'
              ),
          },
          {
            header: '発売日',
            cell: (row) => releaseText(row.releaseDate, row.releaseDatePrecision),
          },
          { header: '点数', cell: (row) => `${row.itemCount}点`, numeric: true },
        ]}
      />
      {bulk ? (
        <BulkDialog
          kind={bulk}
          orders={chosen}
          onClose={(changed) => {
            setBulk(null);
            if (changed) {
              setSelected(new Set());
              list.reload();
            }
          }}
        />
      ) : null}
    </>
  );
}
