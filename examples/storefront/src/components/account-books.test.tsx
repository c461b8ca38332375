import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddressBook } from '../features/addresses/components/address-book';
import { CardWallet } from '../features/cards/components/card-wallet';
import { type AccountChange, subscribeAccountChanges } from '../lib/account-changes';
import { ADDRESS, CARD, type FakeRequest, fakeApi, SESSION } from '../testing/fake-api';
import type { ShippingAddress } from '../types/account';
import { ToastProvider } from './toast';

let changes: AccountChange[];
let stop: () => void;
let requests: FakeRequest[];
const saved: ShippingAddress[] = [];

beforeEach(() => {
  changes = [];
  saved.length = 0;
  stop = subscribeAccountChanges((change) => changes.push(change));
  ({ requests } = fakeApi({
    'GET /api/session/': () => SESSION,
    'POST /api/gmo-multipay/creditcard/': () => ({ card: CARD }),
    'POST /api/addressbook/': ({ body }) => {
      const address = { ...(body as ShippingAddress), id: 9 };
      saved.push(address);
      return { address };
    },
    'GET /api/addressbook/': () => ({ addresses: [ADDRESS, ...saved] }),
  }));
});

afterEach(() => {
  stop();
  cleanup();
  vi.unstubAllGlobals();
});

describe('CardWallet', () => {
  it('saves a card by its token only, announces it and calls onSaved', async () => {
    const onSaved = vi.fn();
    render(
      <ToastProvider>
        <CardWallet initial={[]} onSaved={onSaved} />
      </ToastProvider>,
    );
    fireEvent.change(screen.getByLabelText(/カード番号/), {
      target: { value: '4242 4242 4242 4242' },
    });
    fireEvent.change(screen.getByLabelText('月（MM）'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('年（YY）'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText(/セキュリティコード/), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText(/カード名義/), { target: { value: 'HANAKO SHIORI' } });
    fireEvent.click(screen.getByRole('button', { name: 'このカードを登録する' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(CARD));
    expect(changes).toEqual([{ kind: 'cards', cards: [CARD], added: CARD }]);
    expect(screen.getByText(/VISA \*\*\*\* 4242/)).toBeTruthy();
    const posted = requests.find((r) => r.method === 'POST');
    expect(posted?.body).toEqual({ token: expect.stringMatching(/^tok_sandbox_ok_VISA_4242_/) });
    expect(JSON.stringify(requests.map((r) => r.body))).not.toContain('4242424242424242');
  });
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
