import { FormActions } from '../../../components/form-field';

interface AddressFormActionsProps {
  isDefault: boolean;
  onDefaultChange: (isDefault: boolean) => void;
  busy: boolean;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
}

/** The end of an address form, Japanese or overseas: いつものお届け先 and the buttons. */
export function AddressFormActions({
  isDefault,
  onDefaultChange,
  busy,
  submitLabel,
  onCancel,
}: AddressFormActionsProps) {
  return (
    <>
      <div className="form-field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="isDefault"
            checked={isDefault}
            onChange={(e) => onDefaultChange(e.target.checked)}
          />
          <span>いつものお届け先にする</span>
        </label>
      </div>
      <FormActions submitLabel={submitLabel} busy={busy} busyLabel="保存中…" onCancel={onCancel} />
    </>
  );
}
