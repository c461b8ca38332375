import { ADDRESS_FIELDS, type AddressField } from '@shop/rules';

/**
 * A domestic address as a member sends it (the address book, the usual address, checkout): valid
 * for every rule, a base that tests change one field of.
 */
export const GINZA_ADDRESS = {
  postalCode: '104-0061',
  prefecture: '東京都',
  city: '中央区',
  street: '銀座1-2-3',
  building: 'ギンザビル 5F',
  lastName: '山田',
  firstName: '太郎',
  lastNameKana: 'ヤマダ',
  firstNameKana: 'タロウ',
  phone: '03-1234-5678',
};

/** Every field of a domestic address empty: the base of what an erased address keeps. */
export const BLANK_ADDRESS = Object.fromEntries(
  ADDRESS_FIELDS.map((field) => [field, '']),
) as Record<AddressField, string>;
