import { shopperTextMessage } from '../text/cleanShopperText';
import { ADDRESS_FIELD_LABELS, ADDRESS_MAX_LENGTHS, type AddressField } from './addressFields';

const MAX_LENGTHS: Partial<Record<AddressField, number>> = ADDRESS_MAX_LENGTHS;

/**
 * The machine-readable reason a shipping-address field was refused.
 *
 * @example
 * const code: AddressErrorCode = 'invalid_postal_code';
 */
export type AddressErrorCode =
  | 'required'
  | 'invalid_type'
  | 'too_long'
  | 'invalid_characters'
  | 'card_number'
  | 'invalid_postal_code'
  | 'invalid_prefecture'
  | 'invalid_kana'
  | 'invalid_phone';

/**
 * The message for an address that is not an object at all (a JSON body that is a string, an
 * array or null).
 *
 * @example
 * ADDRESS_REQUIRED_MESSAGE; // 'お届け先を入力してください'
 */
export const ADDRESS_REQUIRED_MESSAGE = 'お届け先を入力してください';

/**
 * The message for an address carrying a field it does not have (`country`, a typo).
 *
 * @example
 * UNKNOWN_ADDRESS_FIELD_MESSAGE; // 'お届け先に使用できない項目が含まれています'
 */
export const UNKNOWN_ADDRESS_FIELD_MESSAGE = 'お届け先に使用できない項目が含まれています';

/**
 * The Japanese message shown under a field for a refusal code: the one text the API returns and
 * the storefront form shows. A format code on a field it does not apply to (never produced by
 * `addressSchema`) gives the generic `〜は正しい形式で入力してください`.
 *
 * @example
 * addressErrorMessage('city', 'required'); // '市区町村を入力してください'
 * addressErrorMessage('street', 'too_long'); // '番地は100文字以内で入力してください'
 * addressErrorMessage('lastNameKana', 'invalid_kana'); // 'セイは全角カタカナで入力してください'
 * addressErrorMessage('street', 'card_number'); // '番地にカード番号のような数字は入力できません'
 */
export function addressErrorMessage(field: AddressField, code: AddressErrorCode): string {
  const label = ADDRESS_FIELD_LABELS[field];
  const generic = `${label}は正しい形式で入力してください`;
  switch (code) {
    case 'required':
    case 'invalid_type':
      return field === 'prefecture' ? '都道府県を選択してください' : `${label}を入力してください`;
    case 'too_long': {
      const max: number | undefined = MAX_LENGTHS[field];
      // A phone number is 10 or 11 digits: past 20 characters it is a format slip, not a
      // length the shopper should count.
      return max === undefined || field === 'phone'
        ? generic
        : `${label}は${max}文字以内で入力してください`;
    }
    case 'invalid_characters':
    case 'card_number':
      return shopperTextMessage(label, code);
    case 'invalid_postal_code':
      return field === 'postalCode'
        ? '郵便番号は7桁の数字（例: 104-0061）で入力してください'
        : generic;
    case 'invalid_prefecture':
      return field === 'prefecture' ? '都道府県を選択してください' : generic;
    case 'invalid_kana':
      return field === 'lastNameKana' || field === 'firstNameKana'
        ? `${label}は全角カタカナで入力してください`
        : generic;
    case 'invalid_phone':
      return field === 'phone' ? '電話番号は市外局番から10桁または11桁で入力してください' : generic;
  }
}
