import { formatYen } from '@shop/rules';
import { useState } from 'react';
import { useCsvDownload } from '../../components/csv-download';
import { DataTable } from '../../components/data-table';
import { FilterForm } from '../../components/filter-form';
import { TextField } from '../../components/form-field';
import { Loaded } from '../../components/loaded';
import { PageHeader } from '../../components/page';
import { Badge } from '../../components/status-badge';
import { type ToastMessage, useToast } from '../../components/toast';
import { api } from '../../lib/api';
import { releaseText } from '../../lib/format';
import { useCan } from '../../lib/session';
import { anyValue, isDay, type QueryShape, useQueryDraft, useUrlQuery } from '../../lib/url-query';
import { useQuery } from '../../lib/use-query';
import { PostponeDialog, PriceDialog } from './decision-dialogs';
import { priceDecided, releasePostponed } from './decision-messages';
import type { SummaryRow } from './types';

/** The query the URL carries: the API's own names. */
const SUMMARY_QUERY: QueryShape<'releaseFrom' | 'releaseTo' | 'q'> = {
  releaseFrom: isDay,
  releaseTo: isDay,
  q: anyValue,
};

/**
 * 予約集計: per title and edition released in the chosen days (from today by default), the
 * copies open orders hold, by state and paid: the number to order from the publisher. Downloads
 * as CSV; a 価格未定 edition gets its price here (価格決定) and a title its new date (発売延期).
 */
export function ReservationsPage() {
  const { query, key, go } = useUrlQuery('/reservations', SUMMARY_QUERY);
  const canWrite = useCan('write');
  const toast = useToast();
  const download = useCsvDownload();
  const summary = useQuery(key, () =>
    api.get<{ items: SummaryRow[] }>('reservations/summary/', { ...query }),
  );
  const { draft, bind } = useQueryDraft(query);
  const [pricing, setPricing] = useState<SummaryRow | null>(null);
  const [postponing, setPostponing] = useState<SummaryRow | null>(null);
  // A decision dialog closed: nothing more when cancelled, else what was done and the new sums.
  const closing =
    <A,>(close: () => void, done: (answer: A) => ToastMessage) =>
    (answer: A | null) => {
      close();
      if (!answer) return;
      toast({ ...done(answer), tone: 'success' });
      summary.reload();
    };

  return (
    <>
      <PageHeader
        title="予約集計"
        actions={
          <button
            type="button"
            onClick={() =>
              void download(
                'reservations/summary/',
                `reservations-${query.releaseFrom ?? 'today'}.csv`,
                {
                  ...query,
                  format: 'csv',
                },
              )
            }
          >
            CSVダウンロード
          </button>
        }
      />
      <FilterForm label="予約集計の条件" applyLabel="集計する" onApply={() => go(draft)}>
        <TextField
          label="発売日（から）"
          type="date"
          hint="空欄なら今日から"
          {...bind('releaseFrom')}
        />
        <TextField label="発売日（まで）" type="date" {...bind('releaseTo')} />
        <TextField label="タイトル" {...bind('q')} />
      </FilterForm>
      <Loaded query={summary}>
        {({ items }) => (
          <DataTable
            caption={`予約集計（${items.length}件）`}
            rows={items}
            rowKey={(row) => String(row.variationId)}
            empty="この期間に発売される予約商品はありません。"
            columns={[
              {
                header: '発売日',
                cell: (row) => releaseText(row.releaseDate, row.releaseDatePrecision, '未定'),
              },
              { header: 'タイトル', cell: (row) => row.title },
              { header: '種別', cell: (row) => row.variationName },
              {
                header: '価格',
                cell: (row) =>
                  row.priceUndecided || row.unitPrice === null ? (
                    <Badge tone="warn">価格未定</Badge>
                  ) : (
                    formatYen(row.unitPrice)
                  ),
                numeric: true,
              },
              { header: '予約数', cell: (row) => `${row.reservedQuantity}`, numeric: true },
              { header: '注文数', cell: (row) => `${row.orderCount}`, numeric: true },
              { header: '予約中', cell: (row) => `${row.byState.reserved}`, numeric: true },
              {
                header: '入金待ち',
                cell: (row) => `${row.byState.awaitingPayment}`,
                numeric: true,
              },
              { header: '発送準備中', cell: (row) => `${row.byState.preparing}`, numeric: true },
              { header: '入金済み', cell: (row) => `${row.paidQuantity}`, numeric: true },
              { header: '在庫', cell: (row) => `${row.stock}`, numeric: true },
              ...(canWrite
                ? [
                    {
                      header: '操作',
                      cell: (row: SummaryRow) => (
                        <span className="row-actions">
                          {row.priceUndecided ? (
                            <button type="button" onClick={() => setPricing(row)}>
                              価格決定
                            </button>
                          ) : null}
                          <button type="button" onClick={() => setPostponing(row)}>
                            発売延期
                          </button>
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Loaded>
      {pricing ? (
        <PriceDialog row={pricing} onClose={closing(() => setPricing(null), priceDecided)} />
      ) : null}
      {postponing ? (
        <PostponeDialog
          row={postponing}
          onClose={closing(() => setPostponing(null), releasePostponed)}
        />
      ) : null}
    </>
  );
}
