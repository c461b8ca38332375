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

/**
 * A field's id and what its control carries: the id its label points to, `required`, and the
 * hint and error it is described by (`aria-invalid` with an error).
 */
function useFrame(frame: FieldFrame) {
  const id = useId();
  const { error, hint } = frame;
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const control = {
    id,
    required: frame.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
  return { frame: { ...frame, id }, control };
}

type InputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its hint and error message. */
export function TextField({ label, error, hint, required, ...input }: InputProps) {
  const { frame, control } = useFrame({ label, error, hint, required });
  return (
    <Frame {...frame}>
      <input {...control} {...input} />
    </Frame>
  );
}

type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: readonly { value: string; label: string }[];
  };

/** A labelled select with its options, hint and error message. */
export function SelectField({ label, error, hint, required, options, ...select }: SelectProps) {
  const { frame, control } = useFrame({ label, error, hint, required });
  return (
    <Frame {...frame}>
      <select {...control} {...select}>
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
  const { frame, control } = useFrame({ label, error, hint, required });
  return (
    <Frame {...frame}>
      <textarea {...control} {...area} />
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
