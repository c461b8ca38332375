import * as Toast from '@radix-ui/react-toast';
import { TOAST_DEFAULTS } from '@shop/rules';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: ToastTone;
}

interface OpenToast extends ToastMessage {
  id: number;
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Shows a message in the corner (saved, shipped, failed), as the storefront's snackbar does. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

let nextId = 1;

/**
 * The back office's toasts (Radix Toast): each closes by itself after TOAST_DEFAULTS' duration
 * and at most TOAST_DEFAULTS.limit are on screen (the oldest goes first). Staff work at a desk
 * on a wide screen, so the back office shows the shop's limit, not the storefront's phone one.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<OpenToast[]>([]);
  const show = useCallback<ShowToast>((message) => {
    setToasts((open) => [...open, { ...message, id: nextId++ }].slice(-TOAST_DEFAULTS.limit));
  }, []);
  const close = (id: number) => setToasts((open) => open.filter((toast) => toast.id !== id));
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider duration={TOAST_DEFAULTS.duration} swipeDirection="right" label="通知">
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            className={`toast toast-${toast.tone ?? 'info'}`}
            onOpenChange={(open) => {
              if (!open) close(toast.id);
            }}
          >
            <Toast.Title className="toast-title">{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className="toast-description">
                {toast.description}
              </Toast.Description>
            ) : null}
            <Toast.Close className="toast-close" aria-label="閉じる">
              ×
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
