import { type ComponentProps, type FormEvent, useId, useRef, useState } from 'react';
import { FormActions, FormError, InputField } from '../../../components/form-field';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-errors';
import { type CardInput, prepareCardTokenizer, tokenizeCard } from '../api/card-token';

const EMPTY: CardInput = { number: '', expiryMonth: '', expiryYear: '', cvc: '', holder: '' };

interface CardFormProps {
  submitLabel: string;
  /** Receives the gateway token (never the number); a rejection shows its message. */
  onToken: (card: { token: string; brand: string; last4: string }) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * Card entry: checked and tokenised in the browser by the configured gateway's tokeniser
 * (features/cards/api/card-token.ts), so the card number never reaches the API. A failure keeps what the
 * shopper typed: a field's under that field, any other inline and in a toast.
 */
export function CardForm({ submitLabel, onToken, onCancel }: CardFormProps) {
  const id = useId();
  const toast = useToast();
  const [values, setValues] = useState<CardInput>(EMPTY);
  const [fields, setFields] = useState<Partial<Record<keyof CardInput, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prepared = useRef(false);
  const set = (name: keyof CardInput, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const fail = (message: string) => {
    setError(message);
    toast({ tone: 'error', title: 'カードを登録できませんでした', description: message });
  };

  // The gateway's script is fetched when the shopper first steps into the form, not with the page.
  const prepare = () => {
    if (prepared.current) return;
    prepared.current = true;
    prepareCardTokenizer();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setFields({});
    setBusy(true);
    try {
      const result = await tokenizeCard(values);
      if (!result.ok) {
        if (result.field) setFields({ [result.field]: result.message });
        else fail(result.message);
        return;
      }
      await onToken(result);
      setValues(EMPTY);
    } catch (failure) {
      // The token was single-use: the shopper keeps what they typed and simply tries again.
      fail(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  // Every part of a card is required; the expiry's two are marked 必須 once, on their legend.
  const field = (
    name: keyof CardInput,
    label: string,
    props: Omit<ComponentProps<typeof InputField>, 'controlId' | 'label'>,
  ) => (
    <InputField
      controlId={`${id}-${name}`}
      label={label}
      required
      message={fields[name]}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      {...props}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      onFocus={prepare}
      aria-busy={busy}
      className="card-form"
      autoComplete="on"
    >
      <FormError message={error} />
      {field('number', 'カード番号', {
        inputMode: 'numeric',
        autoComplete: 'cc-number',
        maxLength: 23,
      })}
      <fieldset className="form-row card-expiry">
        <legend>
          有効期限 <span className="required">必須</span>
        </legend>
        {field('expiryMonth', '月（MM）', {
          inputMode: 'numeric',
          autoComplete: 'cc-exp-month',
          maxLength: 2,
          marked: false,
        })}
        {field('expiryYear', '年（YY）', {
          inputMode: 'numeric',
          autoComplete: 'cc-exp-year',
          maxLength: 4,
          marked: false,
        })}
      </fieldset>
      <div className="form-row">
        {field('cvc', 'セキュリティコード', {
          type: 'password',
          inputMode: 'numeric',
          autoComplete: 'cc-csc',
          maxLength: 4,
        })}
        {field('holder', 'カード名義（ローマ字）', { autoComplete: 'cc-name', maxLength: 50 })}
      </div>
      <p className="muted">
        カード番号は当店のサーバーには送信されず、決済代行会社のトークンに置き換えて処理します。
      </p>
      <FormActions submitLabel={submitLabel} busy={busy} busyLabel="処理中…" onCancel={onCancel} />
    </form>
  );
}
