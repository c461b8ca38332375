import { type FormEvent, useState } from 'react';
import { errorMessage, fieldErrors } from '../lib/api';

/** The per-field messages of a form: its own checks' or the API's `details`, by field name. */
export type FieldMessages = Record<string, string>;

/** A form's request: it answers nothing once sent, or why it sent nothing (the failure shown). */
type Send = () => Promise<string | undefined> | Promise<void>;

/** The shape of an e-mail address every form checks before sending (the API checks again). */
export function isEmailAddress(input: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(input.trim());
}

/**
 * A form's state and the one way every back office form submits: the page's own checks first
 * (nothing is sent while a field has a message), then the request with the submit button
 * disabled; a refusal shows the API's per-field messages under the fields and its message above
 * the buttons. `values` holds the text of the fields; `field(name)` ties a TextField, SelectField
 * or TextAreaField to one of them.
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /**
   * Runs `send` as the form's request: busy meanwhile, a refusal's messages shown. `send` answers
   * a message instead when it found nothing to send (変更はありません).
   */
  const run = async (send: Send) => {
    setFailure(null);
    setBusy(true);
    try {
      const unsent = await send();
      if (typeof unsent === 'string') setFailure(unsent);
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    values,
    setValues,
    errors,
    failure,
    busy,
    run,
    /** The value, change handler and message of the field `name`, to spread into a field. */
    field: (name: keyof T & string) => ({
      value: values[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
      error: errors[name],
    }),
    /**
     * The form's onSubmit: `check` answers the fields' messages; with none, `send` runs. With
     * some, `invalid` (when given) says so above the buttons too.
     */
    onSubmit:
      (
        check: (values: T) => FieldMessages,
        send: (values: T) => ReturnType<Send>,
        invalid: string | null = null,
      ) =>
      async (event: FormEvent) => {
        event.preventDefault();
        const found = check(values);
        setErrors(found);
        if (Object.keys(found).length > 0) {
          setFailure(invalid);
          return;
        }
        await run(() => send(values));
      },
  };
}
