import { FieldError, FieldHint, FormError, hintedFieldAria, OptionList } from '@shop/ui/form-field';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

// The form's failure is the storefront's too (@shop/ui); a feature finds every form piece here.
export { FormError };

interface FieldFrame {
  label: string;
  /** A Japanese message under the field; marks the field invalid for assistive technology. */
  error?: string | undefined;
  hint?: string;
  required?: boolean;
}

/** What a field's control carries: the id its label points to, `required`, and its aria. */
type ControlProps = { id: string; required: boolean | undefined } & ReturnType<
  typeof hintedFieldAria
>;

/**
 * A labelled field: the label (必須 when required), the control `children` draws with the
 * props it must carry, the hint and the error message (announced as it appears).
 */
function Field({
  label,
  error,
  hint,
  required,
  children,
}: FieldFrame & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
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
      {children({ id, required, ...hintedFieldAria(id, error, hint) })}
      <FieldHint controlId={id} hint={hint} />
      <FieldError controlId={id} message={error} role="alert" />
    </div>
  );
}

/** A field's props split into its frame's and the rest, which go to its control. */
function splitFrame<Props extends FieldFrame>({ label, error, hint, required, ...rest }: Props) {
  const frame: FieldFrame = { label, error, hint, required };
  return [frame, rest] as const;
}

type InputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its hint and error message. */
export function TextField(props: InputProps) {
  const [frame, input] = splitFrame(props);
  return <Field {...frame}>{(control) => <input {...control} {...input} />}</Field>;
}

type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: readonly { value: string; label: string }[];
  };

/** A labelled select with its options, hint and error message. */
export function SelectField({ options, ...props }: SelectProps) {
  const [frame, select] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select {...control} {...select}>
          <OptionList options={options} />
        </select>
      )}
    </Field>
  );
}

type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled multi-line text field. */
export function TextAreaField(props: TextAreaProps) {
  const [frame, area] = splitFrame(props);
  return <Field {...frame}>{(control) => <textarea {...control} {...area} />}</Field>;
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
