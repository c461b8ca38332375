import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartLine, fakeApi, SESSION } from '../../../testing/fake-api';
import { renderInShop } from '../../../testing/render';
import type { AddedItem } from '../../../types/account';
import { closeCartModal, useCartModal } from '../api/cart';
import { useAddToCart } from './use-add-to-cart';

afterEach(() => {
  act(() => closeCartModal());
  cleanup();
  vi.unstubAllGlobals();
});

const ITEM: AddedItem = {
  title: '勇者の図書館 19',
  variationName: '通常版',
  quantity: 1,
  kind: 'cart',
};

function BuyButton() {
  const { add, busy } = useAddToCart();
  const modal = useCartModal();
  return (
    <>
      <button type="button" disabled={busy} onClick={() => add(12, ITEM)}>
        {busy ? '追加中…' : 'カートに入れる'}
      </button>
      {modal ? <p>{modal.item.title} をカートに追加しました</p> : null}
    </>
  );
}

describe('useAddToCart', () => {
  it('adds once however fast the button is clicked again, shows 追加中… meanwhile, then the modal', async () => {
    const { fetch: api } = fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/cart/': () => ({ lines: [cartLine(12)], count: 1 }),
    });
    // The API answers the add when the test says so.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const posts: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        posts.push(init.body);
        await answered;
      }
      return api(input, init);
    });
    renderInShop(<BuyButton />);
    const button = screen.getByRole('button', { name: 'カートに入れる' });
    // busy is a transition (the page re-renders after the click's paint): the ref holds the line.
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole('button', { name: '追加中…' });
    await waitFor(() => expect(posts).toHaveLength(1));
    answer();
    expect(await screen.findByText('勇者の図書館 19 をカートに追加しました')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'カートに入れる' })).toBeTruthy();
    expect(posts).toHaveLength(1);
  });
});
