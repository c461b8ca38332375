import { CARRIERS, isCarrier } from '@shop/rules';
import { Link } from 'wouter';
import { CsvUpload } from '../../components/csv-upload';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page';
import { BulkResults } from './bulk-dialog';
import type { BulkResult } from './types';

/** A row of the CSV as the API read it. */
interface CsvRow {
  line: number;
  orderId: number;
  carrier: string;
  trackingNumber: string;
}

interface CsvAnswer {
  dryRun: boolean;
  rows: CsvRow[];
  results: BulkResult[];
}

/**
 * 追跡番号CSV: a carrier's export of tracking numbers (`order_number,carrier,tracking_number`)
 * ships many orders at once. Uploading checks every row first (a dry run: nothing ships) and
 * lists each bad row by its line; only a file without one can be shipped, and shipping answers
 * one result per order.
 */
export function TrackingCsvPage() {
  return (
    <>
      <PageHeader title="追跡番号CSVで発送" />
      <p>
        1行目は見出し <code>order_number,carrier,tracking_number</code>
        、2行目から1注文1行です。配送業者は
        {Object.values(CARRIERS)
          .map((c) => c.label)
          .join('・')}
        （または
        yamato・sagawa・japan_post）で書きます。まず内容を確認し、誤りがなければ発送します。
      </p>
      <CsvUpload<CsvAnswer>
        inputId="tracking-csv-file"
        path="orders/tracking-csv/"
        checked={{
          label: '発送する注文',
          body: ({ rows }) => (
            <DataTable
              caption={`発送する注文（${rows.length}件・まだ発送していません）`}
              rows={rows}
              rowKey={(r) => String(r.line)}
              columns={[
                { header: '行', cell: (r) => `${r.line}行目` },
                {
                  header: 'ご注文番号',
                  cell: (r) => <Link href={`/orders/${r.orderId}`}>{r.orderId}</Link>,
                },
                {
                  header: '配送業者',
                  cell: (r) => (isCarrier(r.carrier) ? CARRIERS[r.carrier].label : r.carrier),
                },
                { header: '追跡番号', cell: (r) => r.trackingNumber },
              ]}
            />
          ),
        }}
        applyLabel={({ rows }) => `${rows.length}件を発送する`}
        applied={{
          label: '発送の結果',
          body: ({ results }) => (
            <>
              <BulkResults results={results} numberOf={(id) => String(id)} />
              <p>
                <Link href="/orders?state=shipped">発送済みの注文を見る</Link>
              </p>
            </>
          ),
        }}
        appliedToast={({ results }) =>
          `${results.filter((r) => r.ok).length}件を発送済みにしました`
        }
      />
    </>
  );
}
