import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { useToast } from './toast';

/**
 * A staff action taken from a page rather than a form (無効にする, 削除, ロック解除, a role
 * change): `run` sends it with `busy` set meanwhile, says in a toast that it was done or why
 * not, and answers whether it was done, so the page reloads or closes its confirmation.
 */
export function useAction() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const run = async (
    request: () => Promise<unknown>,
    messages: { done: string; failed: string },
  ): Promise<boolean> => {
    setBusy(true);
    try {
      await request();
      toast({ title: messages.done, tone: 'success' });
      return true;
    } catch (error) {
      toast({ title: messages.failed, description: errorMessage(error), tone: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
