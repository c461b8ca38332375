import { type ChangeEvent, useState } from 'react';
import { Link } from 'wouter';
import { DataTable } from '../../components/data-table';
import { FormError } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { useToast } from '../../components/toast';
import { type ApiErrorDetail, ApiRequestError, api, errorMessage } from '../../lib/api';
import type { ImportAnswer } from './types';

/** A refused row as the import answers it: its line (the header is line 1) and column. */
interface RowProblem extends ApiErrorDetail {
  line?: number;
  column?: string;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'refused'; message: string; problems: RowProblem[] }
  | { kind: 'checked'; answer: ImportAnswer }
  | { kind: 'done'; answer: ImportAnswer };

/** What an import did (or, as a dry run, would do), in counts. */
function Counts({ answer }: { answer: ImportAnswer }) {
  return (
    <dl className="facts">
      <div>
        <dt>行数</dt>
        <dd>{answer.rows}行</dd>
      </div>
      <div>
        <dt>新しい商品</dt>
        <dd>{answer.created}件</dd>
      </div>
      <div>
        <dt>変更する商品</dt>
        <dd>{answer.updated}件</dd>
      </div>
      <div>
        <dt>変更のない商品</dt>
        <dd>{answer.unchanged}件</dd>
      </div>
      <div>
        <dt>新しい版・変更する版</dt>
        <dd>
          {answer.variationsCreated}件・{answer.variationsUpdated}件
        </dd>
      </div>
    </dl>
  );
}

/** The line of a problem: its `line`, else the number its path starts with. */
function lineOf(problem: RowProblem): string {
  const line = problem.line ?? Number(/^(\d+)/.exec(problem.path)?.[1]);
  return Number.isFinite(line) ? `${line}行目` : '—';
}

/**
 * 商品CSVインポート: a publisher's or distributor's feed (docs/backoffice.md "Product CSV format").
 * The file is checked first (a dry run: nothing written) and every bad row is listed by its line
 * and column; only a file without one can be imported, and the import is all or nothing.
 */
export function ImportPage() {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.upload<ImportAnswer>(
        'POST',
        'products/import/',
        file,
        'text/csv',
        dryRun ? { dryRun: '1' } : undefined,
      );
      setStep(dryRun ? { kind: 'checked', answer } : { kind: 'done', answer });
      if (!dryRun) {
        toast({
          title: `${answer.created + answer.updated}件の商品を取り込みました`,
          tone: 'success',
        });
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'invalid_csv') {
        setStep({ kind: 'refused', message: error.message, problems: error.details });
      } else {
        setStep({ kind: 'choose' });
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
      <PageHeader title="商品CSVインポート" />
      <p>
        1行目は見出し、2行目から1版1行のCSV（UTF-8）です。列と書き方は「商品一覧」のCSVエクスポートと同じです。
        価格が空欄の版は価格未定として登録します。まず内容を確認し、誤りが1行もなければ取り込みます（誤りがあると1件も取り込みません）。
      </p>
      <div className="filters">
        <div className="field">
          <label htmlFor="product-csv-file">CSVファイル</label>
          <input id="product-csv-file" type="file" accept=".csv,text/csv" onChange={choose} />
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
          <DataTable<RowProblem>
            caption={`誤りのある行（${step.problems.length}件）`}
            rows={step.problems}
            rowKey={(p) => `${p.path}-${p.message}`}
            columns={[
              { header: '行', cell: lineOf },
              { header: '列', cell: (p) => p.column ?? '—' },
              { header: '内容', cell: (p) => p.message },
            ]}
          />
          <p>CSVを直して、もう一度ファイルを選んでください。</p>
        </section>
      ) : null}
      {step.kind === 'checked' ? (
        <section aria-label="取り込む内容">
          <p role="status">誤りはありません（まだ取り込んでいません）。</p>
          <Counts answer={step.answer} />
          <div className="form-actions">
            <button
              type="button"
              className="button-primary"
              onClick={() => void send(false)}
              disabled={busy}
            >
              取り込む
            </button>
          </div>
        </section>
      ) : null}
      {step.kind === 'done' ? (
        <section aria-label="取り込みの結果">
          <p role="status">取り込みました。</p>
          <Counts answer={step.answer} />
          <p>
            <Link href="/catalog/products">商品一覧を見る</Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
