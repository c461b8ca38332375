import { createContext, useCallback, useContext, useState } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself; TOAST_DEFAULTS' duration when omitted. */
  duration?: number;
}

export interface OpenToast extends ToastMessage {
  id: number;
}

/** What toaster.tsx's Radix Toast draws: the open toasts, and how one closes. */
export interface ToasterProps {
  toasts: OpenToast[];
  onClose: (id: number) => void;
}

type ShowToast = (message: ToastMessage) => void;

/** What `useToast()` reads: the app's provider puts its queue's `show` here. */
export const ToastContext = createContext<ShowToast | null>(null);

/** Shows a message in the corner (saved, added to the cart, failed). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

let nextId = 1;

/**
 * An app's open toasts, `[toasts, show, close]`: `show` opens one (at most `limit` stay open, the oldest goes first) and
 * `close` closes one (the Toaster calls it after the toast's duration or on its ×). The app's
 * provider gives `show` to ToastContext and the toasts to its Toaster, loaded as it chooses.
 */
export function useToastQueue(limit: number) {
  const [toasts, setToasts] = useState<OpenToast[]>([]);
  const show = useCallback<ShowToast>(
    (message) => setToasts((open) => [...open, { ...message, id: nextId++ }].slice(-limit)),
    [limit],
  );
  const close = (id: number) => setToasts((open) => open.filter((toast) => toast.id !== id));
  return [toasts, show, close] as const;
}
