import { type FormEvent, useId, useRef, useState } from 'react';
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

  const described = (name: keyof CardInput) =>
    fields[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` }
      : {};
  const message = (name: keyof CardInput) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {fields[name]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={submit}
      onFocus={prepare}
      aria-busy={busy}
      className="card-form"
      autoComplete="on"
    >
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-field">
        <label htmlFor={`${id}-number`}>
          カード番号 <span className="required">必須</span>
        </label>
        <input
          id={`${id}-number`}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          required
          value={values.number}
          onChange={(e) => set('number', e.target.value)}
          {...described('number')}
        />
        {message('number')}
      </div>
      <fieldset className="form-row card-expiry">
        <legend>
          有効期限 <span className="required">必須</span>
        </legend>
        <div className="form-field">
          <label htmlFor={`${id}-month`}>月（MM）</label>
          <input
            id={`${id}-month`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            maxLength={2}
            required
            value={values.expiryMonth}
            onChange={(e) => set('expiryMonth', e.target.value)}
            {...described('expiryMonth')}
          />
          {message('expiryMonth')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-year`}>年（YY）</label>
          <input
            id={`${id}-year`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            maxLength={4}
            required
            value={values.expiryYear}
            onChange={(e) => set('expiryYear', e.target.value)}
            {...described('expiryYear')}
          />
          {message('expiryYear')}
        </div>
      </fieldset>
      <div className="form-row">
        <div className="form-field">
          <label htmlFor={`${id}-cvc`}>
            セキュリティコード <span className="required">必須</span>
          </label>
          <input
            id={`${id}-cvc`}
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
            value={values.cvc}
            onChange={(e) => set('cvc', e.target.value)}
            {...described('cvc')}
          />
          {message('cvc')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-holder`}>
            カード名義（ローマ字） <span className="required">必須</span>
          </label>
          <input
            id={`${id}-holder`}
            type="text"
            autoComplete="cc-name"
            maxLength={50}
            required
            value={values.holder}
            onChange={(e) => set('holder', e.target.value)}
            {...described('holder')}
          />
          {message('holder')}
        </div>
      </div>
      <p className="muted">
        カード番号は当店のサーバーには送信されず、決済代行会社のトークンに置き換えて処理します。
      </p>
      <div className="modal-actions">
        {onCancel ? (
          <button type="button" className="button button-outline" onClick={onCancel}>
            キャンセル
          </button>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? '処理中…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
