import type { ApiClient } from '../../../lib/api-client';
import { browserApi } from '../../../lib/browser-api';
import type { ShippingAddress } from '../../../types/account';

/** The fields only an overseas address has (empty on a Japanese one). */
type OverseasOnly = 'country' | 'fullName' | 'line1' | 'line2' | 'region';

/** The fields of the Japanese address form, as the API reads them. */
export type AddressInput = Omit<ShippingAddress, 'id' | OverseasOnly>;

/** The fields of the overseas address form, as POST /api/addressbook/overseas/ reads them. */
export type OverseasAddressInput = Pick<
  ShippingAddress,
  OverseasOnly | 'city' | 'postalCode' | 'phone' | 'isDefault'
>;

export interface PostalArea {
  postalCode: string;
  prefecture: string;
  city: string;
  town: string;
}

export const listAddresses = () =>
  browserApi
    .request<{ addresses: ShippingAddress[] }>('GET', '/api/addressbook/')
    .then((r) => r.addresses);

/** Sends an address to be saved, domestic or overseas; the API answers it as stored. */
const saveAddress = (
  method: 'POST' | 'PUT',
  path: string,
  input: AddressInput | OverseasAddressInput,
) => browserApi.request<{ address: ShippingAddress }>(method, path, input).then((r) => r.address);

export const createAddress = (input: AddressInput) =>
  saveAddress('POST', '/api/addressbook/', input);

export const updateAddress = (id: number, input: AddressInput) =>
  saveAddress('PUT', `/api/addressbook/${id}/`, input);

export const createOverseasAddress = (input: OverseasAddressInput) =>
  saveAddress('POST', '/api/addressbook/overseas/', input);

export const updateOverseasAddress = (id: number, input: OverseasAddressInput) =>
  saveAddress('PUT', `/api/addressbook/${id}/overseas/`, input);

export const deleteAddress = (id: number) =>
  browserApi.request<void>('DELETE', `/api/addressbook/${id}/`);

/** Japan Post's areas for a 7-digit code (open to guests); empty when the code is unknown. */
export async function lookupPostalCode(code: string): Promise<PostalArea[]> {
  const digits = code.normalize('NFKC').replace(/[^0-9]/g, '');
  if (digits.length !== 7) return [];
  try {
    const answer = await browserApi.request<{ areas: PostalArea[] }>(
      'GET',
      `/api/addressbook/postal-code/${digits}/`,
    );
    return answer.areas;
  } catch {
    return [];
  }
}

/** GET /api/addressbook/ for a page loader: the member's addresses. */
export const getAddresses = (api: ApiClient) =>
  api.get<{ addresses: ShippingAddress[] }>('/api/addressbook/');
