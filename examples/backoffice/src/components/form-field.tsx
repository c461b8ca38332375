import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface FieldFrame {
  label: string;
  /** A Japanese message under the field; marks the field invalid for assistive technology. */
  error?: string | undefined;
  hint?: string;
  required?: boolean;
}

function Frame({
  id,
  label,
  error,
  hint,
  required,
  children,
}: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field-required" aria-hidden="true">
            必須
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function described(id: string, { error, hint }: FieldFrame) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

type InputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its hint and error message. */
export function TextField({ label, error, hint, required, ...input }: InputProps) {
  const id = useId();
  const frame = { label, error, hint, required };
  return (
    <Frame id={id} {...frame}>
      <input id={id} required={required} {...described(id, frame)} {...input} />
    </Frame>
  );
}

type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: readonly { value: string; label: string }[];
  };

/** A labelled select with its options, hint and error message. */
export function SelectField({ label, error, hint, required, options, ...select }: SelectProps) {
  const id = useId();
  const frame = { label, error, hint, required };
  return (
    <Frame id={id} {...frame}>
      <select id={id} required={required} {...described(id, frame)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled multi-line text field. */
export function TextAreaField({ label, error, hint, required, ...area }: TextAreaProps) {
  const id = useId();
  const frame = { label, error, hint, required };
  return (
    <Frame id={id} {...frame}>
      <textarea id={id} required={required} {...described(id, frame)} {...area} />
    </Frame>
  );
}

/** A page form's end: its failure, then its submit button, disabled while `busy`. */
export function FormSubmit({
  failure,
  busy,
  children,
}: {
  failure: string | null;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={failure} />
      <button type="submit" className="button-primary" disabled={busy}>
        {children}
      </button>
    </>
  );
}

/** A form's own failure (the API refused it), above its buttons. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
