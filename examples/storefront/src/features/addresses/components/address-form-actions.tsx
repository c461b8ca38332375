import { FormActions } from '../../../components/form-field';

interface AddressFormActionsProps {
  /** The form's state (useAddressForm): いつものお届け先 is one of its values. */
  form: {
    values: { isDefault: boolean };
    set: (name: 'isDefault', value: boolean) => void;
    busy: boolean;
  };
  submitLabel: string;
  onCancel?: (() => void) | undefined;
}

/** The end of an address form, Japanese or overseas: いつものお届け先 and the buttons. */
export function AddressFormActions({ form, submitLabel, onCancel }: AddressFormActionsProps) {
  return (
    <>
      <div className="form-field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="isDefault"
            checked={form.values.isDefault}
            onChange={(e) => form.set('isDefault', e.target.checked)}
          />
          <span>いつものお届け先にする</span>
        </label>
      </div>
      <FormActions
        submitLabel={submitLabel}
        busy={form.busy}
        busyLabel="保存中…"
        onCancel={onCancel}
      />
    </>
  );
}
