import { type ChangeEvent, type ReactNode, useState } from 'react';
import { type ApiErrorDetail, ApiRequestError, api, errorMessage } from '../lib/api';
import { DataTable } from './data-table';
import { FormError } from './form-field';
import { useToast } from './toast';

/**
 * A refused row as a CSV upload answers it (`invalid_csv`): its line (the header is line 1) and
 * column when the API names them, else the line its path starts with (`3.title`, `lines.3.carrier`).
 */
export interface CsvProblem extends ApiErrorDetail {
  line?: number;
  column?: string;
}

function lineOf(problem: CsvProblem): string {
  const line = problem.line ?? Number(/^(?:lines\.)?(\d+)/.exec(problem.path)?.[1]);
  return Number.isFinite(line) ? `${line}行目` : '—';
}

type Step<A> =
  | { kind: 'choose' }
  | { kind: 'refused'; message: string; problems: CsvProblem[] }
  | { kind: 'checked'; answer: A }
  | { kind: 'applied'; answer: A };

/** One of the steps after the check: its region's name and what it shows of the answer. */
interface StepView<A> {
  label: string;
  body: (answer: A) => ReactNode;
}

/**
 * A CSV file applied in two requests to one endpoint (catalog import, tracking numbers): the file
 * is checked first (`dryRun=1`: nothing written) and every refused row listed by its line; only a
 * file the check passed can be applied, and the answer of each request is drawn by the page.
 * A failure that is not about rows (no answer, too many rows) shows the API's message alone.
 */
export function CsvUpload<A>({
  inputId,
  path,
  showColumn = false,
  refusedHint,
  checked,
  applyLabel,
  applied,
  appliedToast,
}: {
  /** The file input's id (one per page, for its label). */
  inputId: string;
  /** The endpoint, relative to /api/admin/. */
  path: string;
  /** Whether refused rows name their column (列). */
  showColumn?: boolean;
  /** What to do about refused rows, under their table. */
  refusedHint?: ReactNode;
  checked: StepView<A>;
  applyLabel: (answer: A) => string;
  applied: StepView<A>;
  appliedToast: (answer: A) => string;
}) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step<A>>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.upload<A>(
        'POST',
        path,
        file,
        'text/csv',
        dryRun ? { dryRun: '1' } : undefined,
      );
      setStep(dryRun ? { kind: 'checked', answer } : { kind: 'applied', answer });
      if (!dryRun) toast({ title: appliedToast(answer), tone: 'success' });
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
      <div className="filters">
        <div className="field">
          <label htmlFor={inputId}>CSVファイル</label>
          <input id={inputId} type="file" accept=".csv,text/csv" onChange={choose} />
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
          <DataTable<CsvProblem>
            caption={`誤りのある行（${step.problems.length}件）`}
            rows={step.problems}
            rowKey={(p) => `${p.path}-${p.message}`}
            columns={[
              { header: '行', cell: lineOf },
              ...(showColumn ? [{ header: '列', cell: (p: CsvProblem) => p.column ?? '—' }] : []),
              { header: '内容', cell: (p) => p.message },
            ]}
          />
          {refusedHint}
        </section>
      ) : null}
      {step.kind === 'checked' ? (
        <section aria-label={checked.label}>
          {checked.body(step.answer)}
          <div className="form-actions">
            <button
              type="button"
              className="button-primary"
              onClick={() => void send(false)}
              disabled={busy}
            >
              {applyLabel(step.answer)}
            </button>
          </div>
        </section>
      ) : null}
      {step.kind === 'applied' ? (
        <section aria-label={applied.label}>{applied.body(step.answer)}</section>
      ) : null}
    </>
  );
}
