import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { type AccountChange, subscribeAccountChanges } from '../../../lib/account-changes';
import { ADDRESS, fakeApi, SESSION } from '../../../testing/fake-api';
import { addOsakaAddress } from '../../../testing/render';
import type { ShippingAddress } from '../../../types/account';
import { AddressBook } from './address-book';
import { preloadAddressForms } from './address-forms-lazy';

let changes: AccountChange[];
let stop: () => void;
const saved: ShippingAddress[] = [];

// The forms are their own chunk: loaded before each render, as the page loads them when idle.
beforeAll(() => preloadAddressForms());

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
    addOsakaAddress('大阪府');

    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    const added = onAdded.mock.calls[0]?.[0] as ShippingAddress;
    expect(added).toMatchObject({ id: 9, lastName: '書店', city: '大阪市北区梅田' });
    expect(changes).toEqual([{ kind: 'addresses', addresses: [ADDRESS, added], added }]);
  });
});
