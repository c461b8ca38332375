import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { openerOfDialog } from '../lib/last-focus';

interface ModalProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Extra class of the dialog box (its width). */
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab stops at in a dialog, in order (one radio button per group). */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.closest('[hidden]')) return false;
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || element.checked) {
      return true;
    }
    const radios = dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    return ![...radios].some((radio) => radio.name === element.name && radio.checked);
  });
}

/**
 * Where focus goes when a dialog opens: its first form field, so a shopper can type at once
 * (the login dialog's メールアドレス), else its first control after the close button. The
 * browser's own choice, the first focusable element, would be × in every dialog.
 */
function initialFocus(dialog: HTMLElement): HTMLElement | undefined {
  const stops = tabStops(dialog);
  return (
    stops.find(
      (element) =>
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement,
    ) ?? stops.find((element) => !element.classList.contains('modal-close'))
  );
}

/** How long after a dialog closes its opener may still be replaced by the dialog's outcome. */
export const OPENER_REPLACED_WITHIN_MS = 3000;

/**
 * Gives the focus back to the dialog's opener. When the dialog's outcome replaces the opener
 * (logged in, the header's ログイン becomes マイページ), now or once the page catches up with it,
 * the focus would fall to the document's start: it goes to the first control of the part of the
 * page the opener was in (its nav, form, list item or section) instead.
 */
function returnFocus(
  opener: HTMLElement | null,
  region: HTMLElement | null,
  dialog: HTMLDialogElement,
): void {
  if (!opener) return;
  const onward = () => {
    if (opener.isConnected || !region?.isConnected) return false;
    const active = document.activeElement;
    // The shopper moved on meanwhile: the focus stays where they put it.
    if (active && active !== document.body && !dialog.contains(active)) return true;
    region.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return true;
  };
  if (opener.isConnected) opener.focus();
  if (onward() || !region) return;
  const watch = new MutationObserver(() => {
    if (onward()) watch.disconnect();
  });
  watch.observe(region, { childList: true, subtree: true });
  setTimeout(() => watch.disconnect(), OPENER_REPLACED_WITHIN_MS);
}

/** Tab from the last stop goes to the first, Shift+Tab from the first to the last. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const stops = tabStops(event.currentTarget);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey ? active === first || active === event.currentTarget : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * A modal dialog on the native <dialog> element: the browser closes it with Esc and puts
 * everything else out of reach (inert, hidden from assistive technology); Tab cycles inside it
 * instead of leaving for the browser's own controls; it opens on its first field and focus
 * returns to the opener. A click on
 * the backdrop does not close it, so a half-filled form is never lost by a stray tap.
 */
export function Modal({ title, open, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closing = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      closing.current = false;
      const opener = openerOfDialog();
      // Taken now: a replaced opener has no parent any more when the dialog closes.
      const region =
        opener?.parentElement?.closest<HTMLElement>('nav, form, li, section, header') ?? null;
      // Browsers without showModal (before 2022) still get a visible, if non-modal, dialog.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      initialFocus(dialog)?.focus();
      // A dialog whose content arrives later (a route's dialog loads its page first) gets the
      // cursor in its first field when the field appears, unless the shopper has acted already.
      const late = new MutationObserver(() => {
        const target = initialFocus(dialog);
        const active = document.activeElement;
        if (target && target !== active && !(active instanceof HTMLInputElement)) target.focus();
      });
      const settle = () => late.disconnect();
      late.observe(dialog, { childList: true, subtree: true });
      dialog.addEventListener('keydown', settle, { once: true });
      dialog.addEventListener('pointerdown', settle, { once: true });
      return () => {
        late.disconnect();
        dialog.removeEventListener('keydown', settle);
        dialog.removeEventListener('pointerdown', settle);
        closing.current = true;
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
        returnFocus(opener, region, dialog);
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        // Esc: the owner decides. A browser may refuse to let a page keep its dialog open (a
        // repeated Esc); it then closes it itself and the close event below tells the owner.
        event.preventDefault();
        if (event.cancelable) onClose();
      }}
      onClose={() => {
        if (!closing.current) onClose();
      }}
    >
      <div className="modal-body">
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label="閉じる" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
