import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { ABROAD, ADDRESS, fakeApi, SESSION } from '../../../testing/fake-api';
import type { ShippingAddress } from '../../../types/account';
import { AddressBook } from './address-book';
import { preloadAddressForms } from './address-forms-lazy';

// The address book's 海外 choice: the overseas form, checked before any request, posts to
// /api/addressbook/overseas/, and the new address reads as its Latin lines with the country.

let posted: unknown[];

// The forms are their own chunk: loaded before each render, as the page loads them when idle.
beforeAll(() => preloadAddressForms());

beforeEach(() => {
  posted = [];
  fakeApi({
    'GET /api/session/': () => SESSION,
    'POST /api/addressbook/overseas/': ({ body }) => {
      posted.push(body);
      const b = body as Record<string, string>;
      const address: ShippingAddress = {
        ...ABROAD,
        ...b,
        id: 9,
        phone: '+12125550100',
        isDefault: false,
      };
      return { address };
    },
    'GET /api/addressbook/': () => ({ addresses: [ADDRESS] }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openOverseasForm(onAdded = vi.fn()) {
  render(
    <ToastProvider>
      <AddressBook initial={[ADDRESS]} startAdding onAdded={onAdded} />
    </ToastProvider>,
  );
  const region = within(screen.getByRole('region', { name: '新しい住所' }));
  fireEvent.click(region.getByRole('radio', { name: '海外' }));
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(region.getByLabelText(label), { target: { value } });
  return { region, fill, onAdded };
}

describe('AddressBook overseas', () => {
  it('shows the overseas fields once 海外 is chosen, with the countries in Japanese', () => {
    const { region } = openOverseasForm();
    expect(region.queryByLabelText(/^都道府県/)).toBeNull();
    const country = region.getByLabelText(/^国・地域/) as HTMLSelectElement;
    expect([...country.options].map((o) => o.text)).toContain('アメリカ合衆国');
    expect(region.getByText(/宅配便（送料1,000円）/)).toBeTruthy();
  });

  it('refuses Japanese script in a line before any request, with the message under it', async () => {
    const { region, fill } = openOverseasForm();
    fill(/^国・地域/, 'US');
    fill(/^氏名/, 'Taro Yamada');
    fill(/^住所1/, 'ニューヨーク五番街350');
    fill(/^都市名/, 'New York');
    fill(/^郵便番号/, '10118');
    fill(/^電話番号/, '+1 212 555 0100');
    fireEvent.click(region.getByRole('button', { name: 'この住所を登録する' }));
    expect(await region.findByText('住所1は半角英数字で入力してください')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('posts an overseas address to its endpoint and hands it to onAdded', async () => {
    // The fake API's New York address, typed as a shopper would (the phone with spaces).
    const { country, fullName, line1, line2, city, region: state, postalCode } = ABROAD;
    const { region, fill, onAdded } = openOverseasForm();
    fill(/^国・地域/, country);
    fill(/^氏名/, fullName);
    fill(/^住所1/, line1);
    fill(/^都市名/, city);
    fill(/^州・省/, state);
    fill(/^郵便番号/, postalCode);
    fill(/^電話番号/, '+1 212 555 0100');
    fireEvent.click(region.getByRole('button', { name: 'この住所を登録する' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(posted).toEqual([
      {
        country,
        fullName,
        line1,
        line2,
        city,
        region: state,
        postalCode,
        phone: '+1 212 555 0100',
        isDefault: false,
      },
    ]);
    expect(onAdded.mock.calls[0]?.[0]).toMatchObject({ id: 9, country: 'US' });
  });
});
