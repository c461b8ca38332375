import { EMPTY_ADDRESS, PREFECTURES } from '@shop/rules';
import { type ComponentProps, useId, useRef, useState } from 'react';
import { FormError, FormField, InputField, RequiredSelect } from '../../../components/form-field';
import type { ShippingAddress } from '../../../types/account';
import { type AddressInput, lookupPostalCode } from '../api/addresses';
import { useAddressForm } from '../hooks/address-form';
import { AddressFormActions } from './address-form-actions';

const PREFECTURE_OPTIONS = PREFECTURES.map((p) => ({ value: p, label: p }));

const EMPTY: AddressInput = { ...EMPTY_ADDRESS, isDefault: false };

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
  const form = useAddressForm<AddressInput>({
    initial: () => {
      if (initial?.country !== 'JP') return EMPTY;
      const { id: _id, country, fullName, line1, line2, region, ...rest } = initial;
      return rest;
    },
    // The same rules and Japanese messages as the API, before a request: only the postal code's
    // match with the prefecture needs Japan Post's data on the server.
    validate: async (address) => {
      // zod's compiler goes off before the address schema is built (see zod-jitless.ts).
      await import('../../../lib/zod-jitless');
      const { validateShippingAddress } = await import('../api/validate-address');
      return validateShippingAddress(address);
    },
    onSubmit,
  });
  const { values, setValues, set, fields, error, busy, submit } = form;
  const [lookup, setLookup] = useState<string | null>(null);
  const lastLookup = useRef('');

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

  const field = (
    name: Exclude<keyof AddressInput, 'isDefault'>,
    label: string,
    props: Omit<ComponentProps<typeof InputField>, 'controlId' | 'label'> = {},
    required = true,
  ) => (
    <InputField
      controlId={`${id}-${name}`}
      label={label}
      required={required}
      message={fields[name]}
      name={name}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      {...props}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="address-form">
      <FormError message={error} />
      <div className="form-row">
        {field('lastName', '姓', { autoComplete: 'family-name', maxLength: 20 })}
        {field('firstName', '名', { autoComplete: 'given-name', maxLength: 20 })}
      </div>
      <div className="form-row">
        {field('lastNameKana', 'セイ（全角カタカナ）', { maxLength: 20 })}
        {field('firstNameKana', 'メイ（全角カタカナ）', { maxLength: 20 })}
      </div>
      <FormField controlId={`${id}-postalCode`} label="郵便番号" required>
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
      </FormField>
      <RequiredSelect
        controlId={`${id}-prefecture`}
        name="prefecture"
        label="都道府県"
        autoComplete="address-level1"
        value={values.prefecture}
        onChange={(prefecture) => set('prefecture', prefecture)}
        message={fields.prefecture}
        options={PREFECTURE_OPTIONS}
      />
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
      <AddressFormActions form={form} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
