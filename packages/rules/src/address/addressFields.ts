/**
 * The fields of a shipping address in the order a form shows them and a label prints them.
 *
 * @example
 * ADDRESS_FIELDS[0]; // 'postalCode'
 */
export const ADDRESS_FIELDS = [
  'postalCode',
  'prefecture',
  'city',
  'street',
  'building',
  'lastName',
  'firstName',
  'lastNameKana',
  'firstNameKana',
  'phone',
] as const;

/**
 * One field of a shipping address.
 *
 * @example
 * const field: AddressField = 'lastNameKana';
 */
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/**
 * A shipping address with every field empty: a new address form, and the fields an address of
 * the other kind (overseas) leaves blank.
 *
 * @example
 * const form = { ...EMPTY_ADDRESS, prefecture: '東京都' };
 */
export const EMPTY_ADDRESS: Readonly<Record<AddressField, ''>> = Object.freeze(
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as Record<AddressField, ''>,
);

/**
 * Each field's Japanese label, as forms show it and as the error messages name it.
 *
 * @example
 * ADDRESS_FIELD_LABELS.street; // '番地'
 */
export const ADDRESS_FIELD_LABELS: Readonly<Record<AddressField, string>> = {
  postalCode: '郵便番号',
  prefecture: '都道府県',
  city: '市区町村',
  street: '番地',
  building: '建物名',
  lastName: '姓',
  firstName: '名',
  lastNameKana: 'セイ',
  firstNameKana: 'メイ',
  phone: '電話番号',
};

/**
 * The most characters (UTF-16 code units) each free-text field may have, for a form's
 * `maxLength` and for validation: what fits on one line of a ゆうパック / 宅急便 label. Text
 * fields count after NFKC normalisation and trimming; the kana and phone limits apply to the
 * input as typed. The postal code and the prefecture have no limit of their own (their format
 * decides).
 *
 * @example
 * <input name="city" maxLength={ADDRESS_MAX_LENGTHS.city} />
 */
export const ADDRESS_MAX_LENGTHS = {
  city: 50,
  street: 100,
  building: 100,
  lastName: 20,
  firstName: 20,
  lastNameKana: 40,
  firstNameKana: 40,
  phone: 20,
} as const satisfies Partial<Record<AddressField, number>>;
