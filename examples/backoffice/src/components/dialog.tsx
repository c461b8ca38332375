import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { FormError } from './form-field';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: the page behind is inert for the pointer (an overlay) and the keyboard (Tab
 * cycles inside), Escape or the close button closes it, and focus returns to what opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box.current)?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="dialog-overlay">
      <div
        ref={box}
        className={`dialog${wide ? ' dialog-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="dialog-close" aria-label="閉じる" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="dialog-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** A question with 実行 / キャンセル buttons, for an action that cannot be undone. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title={title} onClose={onCancel}>
      <div className="confirm-message">{message}</div>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          キャンセル
        </button>
        <button
          type="button"
          className={danger ? 'button-danger' : 'button-primary'}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * A dialog holding one form: its fields, the form's failure, then やめる and the submit button
 * (disabled while `busy`; red for an action that cannot be undone).
 */
export function FormDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
  failure,
  busy,
  danger = false,
  wide = false,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  failure: string | null;
  busy: boolean;
  danger?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} wide={wide} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        {children}
        <FormError message={failure} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            やめる
          </button>
          <button
            type="submit"
            className={danger ? 'button-danger' : 'button-primary'}
            disabled={busy}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
