import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { type AccountChange, subscribeAccountChanges } from '../../../lib/account-changes';
import { ADDRESS, fakeApi, SESSION } from '../../../testing/fake-api';
import type { ShippingAddress } from '../../../types/account';
import { AddressBook } from './address-book';

let changes: AccountChange[];
let stop: () => void;
const saved: ShippingAddress[] = [];

beforeEach(() => {
  changes = [];
  saved.length = 0;
  stop = subscribeAccountChanges((change) => changes.push(change));
  fakeApi({
    'GET /api/session/': () => SESSION,
    'POST /api/addressbook/': ({ body }) => {
      const address = { ...(body as ShippingAddress), id: 9 };
      saved.push(address);
      return { address };
    },
    'GET /api/addressbook/': () => ({ addresses: [ADDRESS, ...saved] }),
  });
});

afterEach(() => {
  stop();
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddressBook', () => {
  it('opens with the new-address form when asked to', () => {
    render(
      <ToastProvider>
        <AddressBook initial={[ADDRESS]} startAdding />
      </ToastProvider>,
    );
    expect(screen.getByRole('region', { name: '新しい住所' })).toBeTruthy();
  });

  it('opens with the list alone otherwise', () => {
    render(
      <ToastProvider>
        <AddressBook initial={[ADDRESS]} />
      </ToastProvider>,
    );
    expect(screen.queryByRole('region', { name: '新しい住所' })).toBeNull();
  });

  it('saves a new address, announces the book with it and calls onAdded', async () => {
    const onAdded = vi.fn();
    render(
      <ToastProvider>
        <AddressBook initial={[ADDRESS]} startAdding onAdded={onAdded} />
      </ToastProvider>,
    );
    const form = within(screen.getByRole('region', { name: '新しい住所' }));
    const fill = (label: string | RegExp, value: string) =>
      fireEvent.change(form.getByLabelText(label), { target: { value } });
    fill(/^姓/, '書店');
    fill(/^名/, '太郎');
    fill(/^セイ/, 'ショテン');
    fill(/^メイ/, 'タロウ');
    fill(/^郵便番号/, '5300001');
    fill(/^都道府県/, '大阪府');
    fill(/^市区町村/, '大阪市北区梅田');
    fill(/^番地/, '3-1-1');
    fill(/^電話番号/, '0612345678');
    fireEvent.click(form.getByRole('button', { name: 'この住所を登録する' }));

    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    const added = onAdded.mock.calls[0]?.[0] as ShippingAddress;
    expect(added).toMatchObject({ id: 9, lastName: '書店', city: '大阪市北区梅田' });
    expect(changes).toEqual([{ kind: 'addresses', addresses: [ADDRESS, added], added }]);
  });
});
