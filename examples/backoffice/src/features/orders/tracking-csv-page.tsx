import { CARRIERS, isCarrier } from '@shop/rules';
import { type ChangeEvent, useState } from 'react';
import { Link } from 'wouter';
import { DataTable } from '../../components/data-table';
import { FormError } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { useToast } from '../../components/toast';
import { type ApiErrorDetail, ApiRequestError, api, errorMessage } from '../../lib/api';
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

/** `lines.<n>.<field>` of a refused row: its line number (the header is line 1). */
function lineOf(detail: ApiErrorDetail): string {
  const match = /^lines\.(\d+)/.exec(detail.path);
  return match ? `${match[1]}行目` : '—';
}

type Step =
  | { kind: 'choose' }
  | { kind: 'refused'; message: string; details: ApiErrorDetail[] }
  | { kind: 'preview'; rows: CsvRow[] }
  | { kind: 'done'; answer: CsvAnswer };

/**
 * 追跡番号CSV: a carrier's export of tracking numbers (`order_number,carrier,tracking_number`)
 * ships many orders at once. Uploading checks every row first (a dry run: nothing ships) and
 * lists each bad row by its line; only a file without one can be shipped, and shipping answers
 * one result per order.
 */
export function TrackingCsvPage() {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (dryRun: boolean) => {
    if (!file) {
      setFailure('CSVファイルを選んでください。');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.upload<CsvAnswer>(
        'POST',
        'orders/tracking-csv/',
        file,
        'text/csv',
        dryRun ? { dryRun: '1' } : undefined,
      );
      if (dryRun) {
        setStep({ kind: 'preview', rows: answer.rows });
      } else {
        setStep({ kind: 'done', answer });
        const shipped = answer.results.filter((r) => r.ok).length;
        toast({ title: `${shipped}件を発送済みにしました`, tone: 'success' });
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'invalid_csv') {
        setStep({ kind: 'refused', message: error.message, details: error.details });
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setStep({ kind: 'choose' });
    setFailure(null);
  };

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
      <div className="filters">
        <div className="field">
          <label htmlFor="tracking-csv-file">CSVファイル</label>
          <input id="tracking-csv-file" type="file" accept=".csv,text/csv" onChange={choose} />
        </div>
        <div className="field">
          <button type="button" onClick={() => void send(true)} disabled={busy || !file}>
            内容を確認する
          </button>
        </div>
      </div>
      <FormError message={failure} />
      {step.kind === 'refused' ? (
        <section aria-label="CSVの誤り">
          <p className="form-error" role="alert">
            {step.message}
          </p>
          <DataTable
            caption="誤りのある行"
            rows={step.details}
            rowKey={(d) => `${d.path}-${d.message}`}
            columns={[
              { header: '行', cell: lineOf },
              { header: '内容', cell: (d) => d.message },
            ]}
          />
        </section>
      ) : null}
      {step.kind === 'preview' ? (
        <section aria-label="発送する注文">
          <DataTable
            caption={`発送する注文（${step.rows.length}件・まだ発送していません）`}
            rows={step.rows}
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
          <div className="form-actions">
            <button
              type="button"
              className="button-primary"
              onClick={() => void send(false)}
              disabled={busy}
            >
              {step.rows.length}件を発送する
            </button>
          </div>
        </section>
      ) : null}
      {step.kind === 'done' ? (
        <section aria-label="発送の結果">
          <BulkResults results={step.answer.results} numberOf={(id) => String(id)} />
          <p>
            <Link href="/orders?state=shipped">発送済みの注文を見る</Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
