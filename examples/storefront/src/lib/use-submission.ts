import { useState } from 'react';
import { errorMessage } from './api-errors';

/**
 * A form's request in flight: `busy` while `run`'s action runs, and the Japanese message of its
 * failure as the form's `error` (cleared when the next attempt starts). `onFailure` adds what a
 * form does besides (field messages, a toast).
 */
export function useSubmission(initialError: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  const run = async (action: () => Promise<void>, onFailure?: (failure: unknown) => void) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
      onFailure?.(failure);
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, setError, run };
}
