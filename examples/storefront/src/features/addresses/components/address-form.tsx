import { PREFECTURES } from '@shop/rules';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import type { ShippingAddress } from '../../../types/account';
import { type AddressInput, lookupPostalCode } from '../api/addresses';

const EMPTY: AddressInput = {
  postalCode: '',
  prefecture: '',
  city: '',
  street: '',
  building: '',
  lastName: '',
  firstName: '',
  lastNameKana: '',
  firstNameKana: '',
  phone: '',
  isDefault: false,
};

interface AddressFormProps {
  /** The address being edited; a new one when omitted. */
  initial?: ShippingAddress | undefined;
  submitLabel: string;
  onSubmit: (input: AddressInput) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A Japanese shipping address: 〒 fills prefecture and city from Japan Post's data, the API's
 * field messages appear under their fields, and nothing typed is lost when saving fails.
 */
export function AddressForm({ initial, submitLabel, onSubmit, onCancel }: AddressFormProps) {
  const id = useId();
  const toast = useToast();
  const [values, setValues] = useState<AddressInput>(() => {
    if (initial?.country !== 'JP') return EMPTY;
    const { id: _id, country, fullName, line1, line2, region, ...rest } = initial;
    return rest;
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lookup, setLookup] = useState<string | null>(null);
  const lastLookup = useRef('');

  const set = (name: keyof AddressInput, value: string | boolean) =>
    setValues((v) => ({ ...v, [name]: value }));

  const onPostalCode = async (code: string) => {
    set('postalCode', code);
    const digits = code.normalize('NFKC').replace(/[^0-9]/g, '');
    if (digits.length !== 7 || digits === lastLookup.current) return;
    lastLookup.current = digits;
    const areas = await lookupPostalCode(digits);
    const area = areas[0];
    if (!area) {
      setLookup('この郵便番号の住所が見つかりませんでした。住所を直接入力してください。');
      return;
    }
    setLookup(`〒${area.postalCode} の住所を入力しました。番地をご入力ください。`);
    setValues((v) => ({ ...v, prefecture: area.prefecture, city: `${area.city}${area.town}` }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    // The same rules and Japanese messages as the API, before a request: only the postal code's
    // match with the prefecture needs Japan Post's data on the server.
    const { isDefault: _isDefault, ...address } = values;
    // zod's compiler goes off before the address schema is built (see zod-jitless.ts).
    await import('../../../lib/zod-jitless');
    const { validateShippingAddress } = await import('../api/validate-address');
    const checked = validateShippingAddress(address);
    if (!checked.ok) {
      setFields(
        Object.fromEntries(
          Object.entries(checked.fieldErrors).map(([name, e]) => [name, e?.message ?? '']),
        ),
      );
      toast({
        tone: 'error',
        title: '住所を保存できませんでした',
        description: '入力内容をご確認ください。',
      });
      return;
    }
    setBusy(true);
    setFields({});
    try {
      await onSubmit(values);
    } catch (failure) {
      // The form keeps what was typed; the API's field messages go under their fields.
      setError(errorMessage(failure));
      setFields(fieldErrors(failure));
      toast({
        tone: 'error',
        title: '住所を保存できませんでした',
        description: errorMessage(failure),
      });
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: keyof AddressInput,
    label: string,
    props: Record<string, unknown> = {},
    required = true,
  ) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>
        {label} {required ? <span className="required">必須</span> : null}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="text"
        required={required}
        value={String(values[name])}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {fields[name] ? (
        <p id={`${id}-${name}-error`} className="field-error">
          {fields[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={submit} aria-busy={busy} className="address-form">
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-row">
        {field('lastName', '姓', { autoComplete: 'family-name', maxLength: 20 })}
        {field('firstName', '名', { autoComplete: 'given-name', maxLength: 20 })}
      </div>
      <div className="form-row">
        {field('lastNameKana', 'セイ（全角カタカナ）', { maxLength: 20 })}
        {field('firstNameKana', 'メイ（全角カタカナ）', { maxLength: 20 })}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-postalCode`}>
          郵便番号 <span className="required">必須</span>
        </label>
        <input
          id={`${id}-postalCode`}
          name="postalCode"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="例: 1040061"
          required
          maxLength={9}
          value={values.postalCode}
          onChange={(e) => onPostalCode(e.target.value)}
          aria-invalid={fields.postalCode ? true : undefined}
          aria-describedby={`${id}-postal-help`}
        />
        <p id={`${id}-postal-help`} className="muted" aria-live="polite">
          {fields.postalCode ?? lookup ?? '7桁で入力すると住所を自動で入力します。'}
        </p>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-prefecture`}>
          都道府県 <span className="required">必須</span>
        </label>
        <select
          id={`${id}-prefecture`}
          name="prefecture"
          required
          autoComplete="address-level1"
          value={values.prefecture}
          onChange={(e) => set('prefecture', e.target.value)}
          aria-invalid={fields.prefecture ? true : undefined}
          aria-describedby={fields.prefecture ? `${id}-prefecture-error` : undefined}
        >
          <option value="">選択してください</option>
          {PREFECTURES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        {fields.prefecture ? (
          <p id={`${id}-prefecture-error`} className="field-error">
            {fields.prefecture}
          </p>
        ) : null}
      </div>
      {field('city', '市区町村', { autoComplete: 'address-level2', maxLength: 50 })}
      {field('street', '番地', { autoComplete: 'address-line1', maxLength: 100 })}
      {field(
        'building',
        '建物名・部屋番号',
        { autoComplete: 'address-line2', maxLength: 100 },
        false,
      )}
      {field('phone', '電話番号', {
        type: 'tel',
        autoComplete: 'tel',
        inputMode: 'tel',
        maxLength: 16,
      })}
      <div className="form-field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="isDefault"
            checked={values.isDefault}
            onChange={(e) => set('isDefault', e.target.checked)}
          />
          <span>いつものお届け先にする</span>
        </label>
      </div>
      <div className="modal-actions">
        {onCancel ? (
          <button type="button" className="button button-outline" onClick={onCancel}>
            キャンセル
          </button>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? '保存中…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
