import { type FormEvent, useState } from 'react';
import { errorMessage, fieldErrors } from '../lib/api';

/** The per-field messages of a form: its own checks' or the API's `details`, by field name. */
export type FieldMessages = Record<string, string>;

/** A form's request: it answers nothing once sent, or why it sent nothing (the failure shown). */
type Send = () => Promise<string | undefined> | Promise<void>;

/** A form's own check: the body to send, or the fields' messages. */
export type Checked<B> = { ok: true; body: B } | { ok: false; errors: FieldMessages };

/** The keys of a form's values that hold text, which a TextField or SelectField can edit. */
export type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** The shape of an e-mail address every form checks before sending (the API checks again). */
export function isEmailAddress(input: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(input.trim());
}

/**
 * A form's state and the one way every back office form submits: the page's own checks first
 * (nothing is sent while a field has a message), then the request with the submit button
 * disabled; a refusal shows the API's per-field messages under the fields and its message above
 * the buttons. `values` holds the fields; `field(name)` ties a TextField, SelectField or
 * TextAreaField to one of its text values. `messagesOf` keys the API's messages as the form's
 * fields are named (by default, the first segment of each path).
 */
export function useForm<T extends object>(
  initial: T,
  messagesOf: (error: unknown) => FieldMessages = fieldErrors,
) {
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
      setErrors(messagesOf(error));
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  /**
   * The form's onSubmit: `check` answers the body to send or the fields' messages; with a body,
   * `send` runs. With messages, `invalid` (when given) says so above the buttons too.
   */
  const submitChecked =
    <B>(
      check: (values: T) => Checked<B>,
      send: (body: B) => ReturnType<Send>,
      invalid: string | null = null,
    ) =>
    async (event?: FormEvent) => {
      event?.preventDefault();
      const checked = check(values);
      setErrors(checked.ok ? {} : checked.errors);
      if (!checked.ok) {
        setFailure(invalid);
        return;
      }
      await run(() => send(checked.body));
    };

  return {
    values,
    setValues,
    errors,
    failure,
    busy,
    run,
    submitChecked,
    /**
     * A FormDialog's wiring to this form: `onSubmit` on its submit button, `onClose` on やめる,
     * the form's failure above the buttons and the button disabled while busy.
     */
    dialog: (onSubmit: (event?: FormEvent) => Promise<void>, onClose: () => void) => ({
      onSubmit,
      onClose,
      failure,
      busy,
    }),
    /** The value, change handler and message of the text field `name`, to spread into a field. */
    field: (name: TextKey<T>) => ({
      value: values[name] as string,
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
      error: errors[name],
    }),
    /**
     * The form's onSubmit: `check` answers the fields' messages; with none, `send` runs. With
     * some, `invalid` (when given) says so above the buttons too.
     */
    onSubmit: (
      check: (values: T) => FieldMessages,
      send: (values: T) => ReturnType<Send>,
      invalid: string | null = null,
    ) =>
      submitChecked(
        (current): Checked<T> => {
          const errors = check(current);
          return Object.keys(errors).length > 0
            ? { ok: false, errors }
            : { ok: true, body: current };
        },
        send,
        invalid,
      ),
  };
}

/** What `useForm` gives a page, for a part of the form drawn by its own component. */
export type Form<T extends object> = ReturnType<typeof useForm<T>>;

/**
 * A form in a FormDialog that closes with what the API answered (`request`), or with null on
 * やめる: `check` answers the fields' messages, as useForm's onSubmit takes them. `dialog` is the
 * FormDialog's wiring.
 */
export function useFormDialog<T extends object, A>(
  initial: T,
  onClose: (answer: A | null) => void,
  check: (values: T) => FieldMessages,
  request: (values: T) => Promise<A>,
) {
  const form = useForm(initial);
  const submit = form.onSubmit(check, async (values) => onClose(await request(values)));
  return { form, dialog: form.dialog(submit, () => onClose(null)) };
}
