import { useState } from 'react';
import { errorMessage, isLoginRequired } from '../../../lib/api-errors';
import { cancelRestockRequest, requestRestock } from '../api/restock-request';

/**
 * 再入荷のお知らせ for a sold-out variation: asks the shop to mail the member once when it is
 * back, and takes the request back. A guest is asked to log in.
 */
export function RestockButton({ variationId }: { variationId: number }) {
  const [requested, setRequested] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setRequested(next);
    } catch (failure) {
      setError(
        isLoginRequired(failure)
          ? 'ログインすると再入荷のお知らせを受け取れます。'
          : errorMessage(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="restock">
      {requested ? (
        <>
          <p role="status">再入荷したらメールでお知らせします（一度だけお送りします）。</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => run(() => cancelRestockRequest(variationId), false)}
          >
            お知らせを取り消す
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => run(() => requestRestock(variationId), true)}
        >
          {busy ? '処理中…' : '再入荷のお知らせを受け取る'}
        </button>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
