import { TOAST_DEFAULTS } from '@shop/rules';
import { ToastContext, useToast, useToastQueue } from '@shop/ui/toast';
import Toaster from '@shop/ui/toaster';
import type { ReactNode } from 'react';

export type { ToastMessage } from '@shop/ui/toast';
export { useToast };

/**
 * The back office's toasts (@shop/ui's, the storefront's snackbar): each closes by itself after
 * TOAST_DEFAULTS' duration and at most TOAST_DEFAULTS.limit are on screen (the oldest goes
 * first). Staff work at a desk on a wide screen, so the back office shows the shop's limit, not
 * the storefront's phone one, and loads the toast area with the app.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, show, close] = useToastQueue(TOAST_DEFAULTS.limit);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Toaster toasts={toasts} onClose={close} />
    </ToastContext.Provider>
  );
}
