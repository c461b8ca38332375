import { ToastContext, type ToastTone, useToast, useToastQueue } from '@shop/ui/toast';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useWhenIdle } from '../lib/idle';
import { TOAST_LIMIT } from './toast-limit';

export { type ToastTone, useToast };

const Toaster = lazy(() => import('@shop/ui/toaster'));

/**
 * The site-wide snackbar (@shop/ui's toasts): messages close by themselves after TOAST_DEFAULTS'
 * duration, and at most TOAST_LIMIT (toast-limit.ts) are on screen at once (the oldest goes
 * first). The toast area (Radix Toast) is a chunk of its own: the shop's first load does without
 * it, and it is loaded once the page is idle or a toast is shown, whichever comes first.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, show, close] = useToastQueue(TOAST_LIMIT);
  const [idle, setIdle] = useState(false);
  useWhenIdle(() => setIdle(true));

  return (
    <ToastContext.Provider value={show}>
      {children}
      {idle || toasts.length > 0 ? (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} onClose={close} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
