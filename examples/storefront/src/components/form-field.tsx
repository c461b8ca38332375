import { FieldError, FormError, fieldAria, OptionList } from '@shop/ui/form-field';
import type { ComponentProps, ReactNode } from 'react';

// The wiring both apps share (@shop/ui), here beside the storefront's own frames so a feature
// finds every form piece in one module.
export { FieldError, FormError, fieldAria };

interface FormFieldProps {
  /** The id of the control inside, which the label names. */
  controlId: string;
  label: ReactNode;
  /** Marks the label 必須 (the control's own `required` is the control's to set). */
  required?: boolean | undefined;
  /** The field's message; give the control `fieldAria(controlId, message)` too. */
  message?: string | undefined;
  children: ReactNode;
}

/** A labelled field of a shop form: label (with 必須 when required), control, message below. */
export function FormField({ controlId, label, required, message, children }: FormFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={controlId}>
        {label}
        {required ? (
          <>
            {' '}
            <span className="required">必須</span>
          </>
        ) : null}
      </label>
      {children}
      <FieldError controlId={controlId} message={message} />
    </div>
  );
}

type InputFieldProps = Omit<ComponentProps<'input'>, 'id' | 'required'> & {
  /** The input's id, which the label names. */
  controlId: string;
  label: ReactNode;
  /** Makes the input required; the label says 必須 too unless `marked` is false. */
  required?: boolean | undefined;
  /** Whether the label says 必須 (false in a group whose legend says it once). */
  marked?: boolean | undefined;
  /** The field's message, shown under the input and read with it. */
  message?: string | undefined;
};

/**
 * A labelled input of a shop form (text unless `type` says otherwise) wired to its message; the
 * other props go to the input.
 */
export function InputField({
  controlId,
  label,
  required,
  marked = required,
  message,
  type = 'text',
  ...input
}: InputFieldProps) {
  return (
    <FormField controlId={controlId} label={label} required={marked} message={message}>
      <input
        id={controlId}
        type={type}
        required={required}
        {...input}
        {...fieldAria(controlId, message)}
      />
    </FormField>
  );
}

interface RequiredSelectProps {
  controlId: string;
  name: string;
  label: ReactNode;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  message: string | undefined;
  options: readonly { value: string; label: string }[];
}

/** A required choice (都道府県, 国・地域) that starts at 選択してください, with its message. */
export function RequiredSelect({
  controlId,
  name,
  label,
  autoComplete,
  value,
  onChange,
  message,
  options,
}: RequiredSelectProps) {
  return (
    <FormField controlId={controlId} label={label} required message={message}>
      <select
        id={controlId}
        name={name}
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldAria(controlId, message)}
      >
        <option value="">選択してください</option>
        <OptionList options={options} />
      </select>
    </FormField>
  );
}

interface FormActionsProps {
  submitLabel: string;
  busy: boolean;
  /** The submit button's label while the form is sent (保存中…, 処理中…). */
  busyLabel: string;
  onCancel?: (() => void) | undefined;
}

/** The buttons at the end of a form in a modal: キャンセル when it can be left, and submit. */
export function FormActions({ submitLabel, busy, busyLabel, onCancel }: FormActionsProps) {
  return (
    <div className="modal-actions">
      {onCancel ? (
        <button type="button" className="button button-outline" onClick={onCancel}>
          キャンセル
        </button>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
