import {
  OVERSEAS_ADDRESS_FIELD_LABELS,
  OVERSEAS_COUNTRIES,
  type OverseasAddressField,
  validateOverseasAddress,
} from '@shop/rules';
import { useId } from 'react';
import { InputField, RequiredSelect } from '../../../components/form-field';
import type { ShippingAddress } from '../../../types/account';
import type { OverseasAddressInput } from '../api/addresses';
import { useAddressForm } from '../hooks/address-form';
import { AddressFormActions } from './address-form-actions';

const COUNTRY_OPTIONS = OVERSEAS_COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

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
  const form = useAddressForm<OverseasAddressInput>({
    initial: () => {
      if (!initial || initial.country === 'JP') return EMPTY;
      const { country, fullName, line1, line2, city, region, postalCode, phone, isDefault } =
        initial;
      return { country, fullName, line1, line2, city, region, postalCode, phone, isDefault };
    },
    validate: validateOverseasAddress,
    onSubmit,
  });
  const { values, set, fields, busy, submit } = form;

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="address-form">
      <p className="muted">
        海外へのお届けは宅配便（送料1,000円）、お支払いはクレジットカードまたは全額ポイント利用のみです。住所は半角英数字でご入力ください。
      </p>
      <RequiredSelect
        controlId={`${id}-country`}
        name="country"
        label={OVERSEAS_ADDRESS_FIELD_LABELS.country}
        autoComplete="country"
        value={values.country}
        onChange={(country) => set('country', country)}
        message={fields.country}
        options={COUNTRY_OPTIONS}
      />
      {TEXT_INPUTS.map(([name, autoComplete, required]) => (
        <InputField
          key={name}
          controlId={`${id}-${name}`}
          label={OVERSEAS_ADDRESS_FIELD_LABELS[name]}
          required={required}
          message={fields[name]}
          name={name}
          type={name === 'phone' ? 'tel' : 'text'}
          lang="en"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      ))}
      <AddressFormActions form={form} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
