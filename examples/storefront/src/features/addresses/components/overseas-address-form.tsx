import {
  OVERSEAS_ADDRESS_FIELD_LABELS,
  OVERSEAS_COUNTRIES,
  type OverseasAddressField,
  validateOverseasAddress,
} from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { useToast } from '../../../components/toast';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import type { ShippingAddress } from '../../../types/account';
import type { OverseasAddressInput } from '../api/addresses';

const EMPTY: OverseasAddressInput = {
  country: '',
  fullName: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  phone: '',
  isDefault: false,
};

interface OverseasAddressFormProps {
  /** The address being edited; a new one when omitted or Japanese. */
  initial?: ShippingAddress | undefined;
  submitLabel: string;
  onSubmit: (input: OverseasAddressInput) => Promise<unknown>;
  onCancel?: (() => void) | undefined;
}

/** Text inputs in label order, with what the browser may fill them from. */
const TEXT_INPUTS: readonly [Exclude<OverseasAddressField, 'country'>, string, boolean][] = [
  ['fullName', 'name', true],
  ['line1', 'address-line1', true],
  ['line2', 'address-line2', false],
  ['city', 'address-level2', true],
  ['region', 'address-level1', false],
  ['postalCode', 'postal-code', true],
  ['phone', 'tel', true],
];

/**
 * An overseas shipping address (overseas shipping: 宅配便 abroad at 1,000円): a country of
 * @shop/rules `OVERSEAS_COUNTRIES` and Latin-letter lines, checked by `validateOverseasAddress`
 * before a request (the API answers the same messages), kept as typed when saving fails.
 */
export function OverseasAddressForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: OverseasAddressFormProps) {
  const id = useId();
  const toast = useToast();
  const [values, setValues] = useState<OverseasAddressInput>(() => {
    if (!initial || initial.country === 'JP') return EMPTY;
    const { country, fullName, line1, line2, city, region, postalCode, phone, isDefault } = initial;
    return { country, fullName, line1, line2, city, region, postalCode, phone, isDefault };
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = (name: keyof OverseasAddressInput, value: string | boolean) =>
    setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { isDefault: _isDefault, ...address } = values;
    const checked = validateOverseasAddress(address);
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

  const describedBy = (name: string) => (fields[name] ? `${id}-${name}-error` : undefined);
  const error = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {fields[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} aria-busy={busy} className="address-form">
      <p className="muted">
        海外へのお届けは宅配便（送料1,000円）、お支払いはクレジットカードまたは全額ポイント利用のみです。住所は半角英数字でご入力ください。
      </p>
      <div className="form-field">
        <label htmlFor={`${id}-country`}>
          {OVERSEAS_ADDRESS_FIELD_LABELS.country} <span className="required">必須</span>
        </label>
        <select
          id={`${id}-country`}
          name="country"
          required
          autoComplete="country"
          value={values.country}
          onChange={(e) => set('country', e.target.value)}
          aria-invalid={fields.country ? true : undefined}
          aria-describedby={describedBy('country')}
        >
          <option value="">選択してください</option>
          {OVERSEAS_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {error('country')}
      </div>
      {TEXT_INPUTS.map(([name, autoComplete, required]) => (
        <div className="form-field" key={name}>
          <label htmlFor={`${id}-${name}`}>
            {OVERSEAS_ADDRESS_FIELD_LABELS[name]}{' '}
            {required ? <span className="required">必須</span> : null}
          </label>
          <input
            id={`${id}-${name}`}
            name={name}
            type={name === 'phone' ? 'tel' : 'text'}
            lang="en"
            required={required}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(e) => set(name, e.target.value)}
            aria-invalid={fields[name] ? true : undefined}
            aria-describedby={describedBy(name)}
          />
          {error(name)}
        </div>
      ))}
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
