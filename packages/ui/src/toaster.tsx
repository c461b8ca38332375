import * as Toast from '@radix-ui/react-toast';
import { TOAST_DEFAULTS } from '@shop/rules';
import type { ToasterProps } from './toast';

/**
 * The toast area itself (Radix Toast), placed and spaced by TOAST_DEFAULTS. The default export
 * so that an app can load it as a chunk of its own (the storefront's first load does without it).
 */
export default function Toaster({ toasts, onClose }: ToasterProps) {
  return (
    <Toast.Provider duration={TOAST_DEFAULTS.duration} swipeDirection="right" label="通知">
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={`toast toast-${toast.tone ?? 'info'}`}
          duration={toast.duration ?? TOAST_DEFAULTS.duration}
          onOpenChange={(open) => {
            if (!open) onClose(toast.id);
          }}
        >
          <Toast.Title className="toast-title">{toast.title}</Toast.Title>
          {toast.description ? (
            <Toast.Description className="toast-description">{toast.description}</Toast.Description>
          ) : null}
          <Toast.Close className="toast-close" aria-label="閉じる">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        className={`toast-viewport toast-${TOAST_DEFAULTS.position}`}
        style={{ gap: TOAST_DEFAULTS.gap, ['--toast-width' as string]: TOAST_DEFAULTS.width }}
      />
    </Toast.Provider>
  );
}
