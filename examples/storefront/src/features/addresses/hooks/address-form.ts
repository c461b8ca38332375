import { type FormEvent, useState } from 'react';
import { useToast } from '../../../components/toast';
import { errorMessage, failureToast, fieldErrors } from '../../../lib/api-errors';

/** What the rules' address validators answer (`validateShippingAddress`, `validateOverseasAddress`). */
type AddressCheck =
  | { ok: true }
  | { ok: false; fieldErrors: Partial<Record<string, { message: string } | undefined>> };

interface AddressFormOptions<T extends { isDefault: boolean }> {
  initial: () => T;
  /** The rules' check of the address (without `isDefault`), before any request. */
  validate: (address: Omit<T, 'isDefault'>) => AddressCheck | Promise<AddressCheck>;
  onSubmit: (input: T) => Promise<unknown>;
}

/**
 * The state and submit of an address form, Japanese or overseas: the rules check the address
 * first (the API answers the same Japanese messages), then the API; either's field messages go
 * under their fields, the API's refusal is also the form's error and a toast, and nothing typed
 * is lost when saving fails.
 */
export function useAddressForm<T extends { isDefault: boolean }>({
  initial,
  validate,
  onSubmit,
}: AddressFormOptions<T>) {
  const toast = useToast();
  const [values, setValues] = useState<T>(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: keyof T, value: string | boolean) =>
    setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const { isDefault: _isDefault, ...address } = values;
    const checked = await validate(address);
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
      setError(errorMessage(failure));
      setFields(fieldErrors(failure));
      toast(failureToast('住所を保存できませんでした', failure));
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, set, fields, error, busy, submit };
}
