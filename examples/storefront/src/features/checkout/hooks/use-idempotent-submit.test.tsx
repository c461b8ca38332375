import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdempotentSubmit } from './use-idempotent-submit';

afterEach(() => sessionStorage.clear());

function keys() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('useIdempotentSubmit', () => {
  it('sends once when confirm is clicked twice while the first request runs', async () => {
    let release: (value: string) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const newKey = keys();
    const { result } = renderHook(() => useIdempotentSubmit(send, newKey));
    let first: Promise<string | null> = Promise.resolve(null);
    let second: Promise<string | null> = Promise.resolve(null);
    act(() => {
      first = result.current.submit({ a: 1 });
      second = result.current.submit({ a: 1 });
    });
    await act(async () => release('order'));
    expect(await first).toBe('order');
    expect(await second).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps the key across a failed attempt and a retry of the same content', async () => {
    const send = vi
      .fn<(body: { a: number }, key: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('timeout'))
      .mockResolvedValueOnce('order');
    const newKey = keys();
    const { result } = renderHook(() => useIdempotentSubmit(send, newKey));
    await act(async () => {
      await expect(result.current.submit({ a: 1 })).rejects.toThrow('timeout');
    });
    await act(async () => {
      await result.current.submit({ a: 1 });
    });
    expect(send.mock.calls.map((call) => call[1])).toEqual(['key-1', 'key-1']);
  });

  it('takes a new key when the content changed, and after a success', async () => {
    const send = vi
      .fn<(body: { a: number }, key: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('declined'))
      .mockResolvedValue('order');
    const newKey = keys();
    const { result } = renderHook(() => useIdempotentSubmit(send, newKey));
    await act(async () => {
      await expect(result.current.submit({ a: 1 })).rejects.toThrow('declined');
    });
    await act(async () => {
      await result.current.submit({ a: 2 });
    });
    await act(async () => {
      await result.current.submit({ a: 2 });
    });
    expect(send.mock.calls.map((call) => call[1])).toEqual(['key-1', 'key-2', 'key-3']);
  });

  it('reuses a key kept in sessionStorage after a reload of the tab', async () => {
    sessionStorage.setItem(
      'shop:checkout-idempotency',
      JSON.stringify({ body: JSON.stringify({ a: 1 }), key: 'kept-key' }),
    );
    const send = vi.fn(async () => 'order');
    const { result } = renderHook(() => useIdempotentSubmit(send, keys()));
    await act(async () => {
      await result.current.submit({ a: 1 });
    });
    expect(send).toHaveBeenCalledWith({ a: 1 }, 'kept-key');
  });
});
