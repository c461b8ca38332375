// Both address forms in one chunk (address-forms-lazy.tsx loads it).
export { AddressForm } from './address-form';
export { OverseasAddressForm } from './overseas-address-form';
