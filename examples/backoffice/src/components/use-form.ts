import { type FormEvent, useState } from 'react';
import { errorMessage, fieldErrors } from '../lib/api';

/** The per-field messages of a form: its own checks' or the API's `details`, by field name. */
export type FieldMessages = Record<string, string>;

/** The e-mail address shape every back office form checks before sending (the API checks again). */
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

  /** Runs `send` as the form's request: busy meanwhile, a refusal's messages shown. */
  const run = async (send: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await send();
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
    /** The form's onSubmit: `check` answers the fields' messages; with none, `send` runs. */
    onSubmit:
      (check: (values: T) => FieldMessages, send: (values: T) => Promise<void>) =>
      async (event: FormEvent) => {
        event.preventDefault();
        const found = check(values);
        setErrors(found);
        setFailure(null);
        if (Object.keys(found).length > 0) return;
        await run(() => send(values));
      },
  };
}
