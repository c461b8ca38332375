import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from 'react';
import { useWhenIdle } from '../lib/idle';
import { TOAST_LIMIT } from './toast-limit';

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

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

const Toaster = lazy(() => import('./toaster'));

/** Shows a site-wide snackbar message. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

let nextId = 1;

/**
 * The site-wide snackbar (Radix Toast, see toaster.tsx): messages open, close by themselves after
 * TOAST_DEFAULTS' duration, and at most TOAST_LIMIT (toast-limit.ts) are on screen at once (the oldest
 * goes first).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<OpenToast[]>([]);
  const [mounted, setMounted] = useState(false);

  useWhenIdle(() => setMounted(true));

  const show = useCallback<ShowToast>((message) => {
    setMounted(true);
    setToasts((open) => [...open, { ...message, id: nextId++ }].slice(-TOAST_LIMIT));
  }, []);
  const close = useCallback((id: number) => {
    setToasts((open) => open.filter((toast) => toast.id !== id));
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} onClose={close} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
