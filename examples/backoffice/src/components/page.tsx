import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';

/** A page's heading with its actions on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}

/** What a page shows while its data loads. */
export function Loading() {
  return (
    <p className="loading" role="status">
      読み込み中…
    </p>
  );
}

/** A failed load: the API's Japanese message and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p>{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          再読み込み
        </button>
      ) : null}
    </div>
  );
}
