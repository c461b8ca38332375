import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { publishAccountChange } from '../../../lib/account-changes';
import { addressLine, addressName } from '../../../lib/address-text';
import { failureToast } from '../../../lib/api-errors';
import { useWhenIdle } from '../../../lib/idle';
import type { ShippingAddress } from '../../../types/account';
import {
  createAddress,
  createOverseasAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
  updateOverseasAddress,
} from '../api/addresses';
import { AddressForm, OverseasAddressForm, preloadAddressForms } from './address-forms-lazy';

/** Saves `isDefault` on an address with the endpoint of its kind (Japanese or overseas). */
function saveAsDefault(address: ShippingAddress) {
  const { id, country, fullName, line1, line2, region, ...domestic } = address;
  if (country !== 'JP') {
    const { city, postalCode, phone } = address;
    const overseas = { country, fullName, line1, line2, region, city, postalCode, phone };
    return updateOverseasAddress(id, { ...overseas, isDefault: true });
  }
  return updateAddress(id, { ...domestic, isDefault: true });
}

/**
 * The member's address book: every address with edit, delete and "make default", and a form for
 * a new one. Shared by /mypage/shipping-address and /common/user-shipping-address (a page, or a
 * dialog over checkout); every change is published (lib/account-changes.ts) for checkout.
 */
export function AddressBook({
  initial,
  startAdding = false,
  onAdded,
}: {
  initial: ShippingAddress[];
  /** Open with the form for a new address (it opens anyway while the book is empty). */
  startAdding?: boolean;
  /** Called once a new address is saved (the checkout's dialog closes then). */
  onAdded?: (address: ShippingAddress) => void;
}) {
  const toast = useToast();
  useWhenIdle(() => void preloadAddressForms().catch(() => undefined));
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<number | 'new' | null>(
    startAdding || initial.length === 0 ? 'new' : null,
  );
  // Whether the new address is in Japan (国内) or abroad (海外): two forms, two endpoints.
  const [abroad, setAbroad] = useState(false);

  // The API moves the default flag between addresses: read the whole book back after a change.
  const reload = async (added: ShippingAddress | null = null) => {
    const next = await listAddresses();
    setAddresses(next);
    publishAccountChange({ kind: 'addresses', addresses: next, added });
  };

  const added = async (saved: ShippingAddress) => {
    await reload(saved);
    setEditing(null);
    toast({ tone: 'success', title: '住所を登録しました' });
    onAdded?.(saved);
  };

  const updated = async () => {
    await reload();
    setEditing(null);
    toast({ tone: 'success', title: '住所を更新しました' });
  };

  // The first address is the default one whatever the form said: a book always has one.
  const asFirstDefault = <T extends { isDefault: boolean }>(input: T): T => ({
    ...input,
    isDefault: input.isDefault || addresses.length === 0,
  });
  const cancelAdding = addresses.length === 0 ? undefined : () => setEditing(null);

  const remove = async (address: ShippingAddress) => {
    if (!window.confirm(`${addressName(address)} 様の住所を削除します。よろしいですか？`)) {
      return;
    }
    try {
      await deleteAddress(address.id);
      await reload();
      toast({ tone: 'success', title: '住所を削除しました' });
    } catch (error) {
      toast(failureToast('削除できませんでした', error));
    }
  };

  const makeDefault = async (address: ShippingAddress) => {
    try {
      await saveAsDefault(address);
      await reload();
      toast({ tone: 'success', title: 'いつもの配送先に設定しました' });
    } catch (error) {
      toast(failureToast('設定できませんでした', error));
    }
  };

  return (
    <div className="address-book">
      {addresses.length === 0 ? <p>登録されている住所はありません。</p> : null}
      <ul className="choice-list">
        {addresses.map((address) =>
          editing === address.id ? (
            <li key={address.id} className="panel">
              <h2>住所の編集</h2>
              <AddressEditForm
                address={address}
                onCancel={() => setEditing(null)}
                onSaved={updated}
              />
            </li>
          ) : (
            <li key={address.id} className="panel">
              <p>
                <strong>{addressName(address)} 様</strong>
                {address.isDefault ? <span className="state-badge">いつもの配送先</span> : null}
              </p>
              <p>{addressLine(address)}</p>
              <p className="muted">電話番号 {address.phone}</p>
              <p className="line-actions">
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`${addressName(address)} 様の住所を編集`}
                  onClick={() => setEditing(address.id)}
                >
                  編集
                </button>
                {address.isDefault ? null : (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => void makeDefault(address)}
                  >
                    いつもの配送先にする
                  </button>
                )}
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={`${addressName(address)} 様の住所を削除`}
                  onClick={() => void remove(address)}
                >
                  削除
                </button>
              </p>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <section className="panel" aria-labelledby="address-new">
          <h2 id="address-new">新しい住所</h2>
          <fieldset className="segmented">
            <legend>お届け先の地域</legend>
            <label>
              <input
                type="radio"
                name="address-region"
                checked={!abroad}
                onChange={() => setAbroad(false)}
              />
              国内
            </label>
            <label>
              <input
                type="radio"
                name="address-region"
                checked={abroad}
                onChange={() => setAbroad(true)}
              />
              海外
            </label>
          </fieldset>
          {abroad ? (
            <OverseasAddressForm
              submitLabel="この住所を登録する"
              onCancel={cancelAdding}
              onSubmit={async (input) => added(await createOverseasAddress(asFirstDefault(input)))}
            />
          ) : (
            <AddressForm
              submitLabel="この住所を登録する"
              onCancel={cancelAdding}
              onSubmit={async (input) => added(await createAddress(asFirstDefault(input)))}
            />
          )}
        </section>
      ) : (
        <p>
          <button type="button" className="button" onClick={() => setEditing('new')}>
            新しい住所を追加する
          </button>
        </p>
      )}
    </div>
  );
}

/** The form that edits `address`, the overseas one for an address abroad; saved, `onSaved` runs. */
function AddressEditForm({
  address,
  onCancel,
  onSaved,
}: {
  address: ShippingAddress;
  onCancel: () => void;
  onSaved: () => Promise<void>;
}) {
  const form = { initial: address, submitLabel: 'この内容で保存する', onCancel };
  return address.country !== 'JP' ? (
    <OverseasAddressForm
      {...form}
      onSubmit={(input) => updateOverseasAddress(address.id, input).then(onSaved)}
    />
  ) : (
    <AddressForm {...form} onSubmit={(input) => updateAddress(address.id, input).then(onSaved)} />
  );
}
