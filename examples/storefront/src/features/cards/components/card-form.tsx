import { type FormEvent, useId, useRef, useState } from 'react';
import { FormActions, FormError, FormField, fieldAria } from '../../../components/form-field';
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

  return (
    <form
      onSubmit={submit}
      onFocus={prepare}
      aria-busy={busy}
      className="card-form"
      autoComplete="on"
    >
      <FormError message={error} />
      <FormField controlId={`${id}-number`} label="カード番号" required message={fields.number}>
        <input
          id={`${id}-number`}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          required
          value={values.number}
          onChange={(e) => set('number', e.target.value)}
          {...fieldAria(`${id}-number`, fields.number)}
        />
      </FormField>
      <fieldset className="form-row card-expiry">
        <legend>
          有効期限 <span className="required">必須</span>
        </legend>
        <FormField controlId={`${id}-month`} label="月（MM）" message={fields.expiryMonth}>
          <input
            id={`${id}-month`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            maxLength={2}
            required
            value={values.expiryMonth}
            onChange={(e) => set('expiryMonth', e.target.value)}
            {...fieldAria(`${id}-month`, fields.expiryMonth)}
          />
        </FormField>
        <FormField controlId={`${id}-year`} label="年（YY）" message={fields.expiryYear}>
          <input
            id={`${id}-year`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            maxLength={4}
            required
            value={values.expiryYear}
            onChange={(e) => set('expiryYear', e.target.value)}
            {...fieldAria(`${id}-year`, fields.expiryYear)}
          />
        </FormField>
      </fieldset>
      <div className="form-row">
        <FormField controlId={`${id}-cvc`} label="セキュリティコード" required message={fields.cvc}>
          <input
            id={`${id}-cvc`}
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
            value={values.cvc}
            onChange={(e) => set('cvc', e.target.value)}
            {...fieldAria(`${id}-cvc`, fields.cvc)}
          />
        </FormField>
        <FormField
          controlId={`${id}-holder`}
          label="カード名義（ローマ字）"
          required
          message={fields.holder}
        >
          <input
            id={`${id}-holder`}
            type="text"
            autoComplete="cc-name"
            maxLength={50}
            required
            value={values.holder}
            onChange={(e) => set('holder', e.target.value)}
            {...fieldAria(`${id}-holder`, fields.holder)}
          />
        </FormField>
      </div>
      <p className="muted">
        カード番号は当店のサーバーには送信されず、決済代行会社のトークンに置き換えて処理します。
      </p>
      <FormActions submitLabel={submitLabel} busy={busy} busyLabel="処理中…" onCancel={onCancel} />
    </form>
  );
}
