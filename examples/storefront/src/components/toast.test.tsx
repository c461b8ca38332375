import { TOAST_DEFAULTS } from '@shop/rules';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';
import { TOAST_LIMIT } from './toast-limit';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ count }: { count: number }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        for (let i = 1; i <= count; i++) toast({ title: `通知${i}` });
      }}
    >
      open
    </button>
  );
}

describe('ToastProvider', () => {
  it('keeps at most TOAST_LIMIT toasts, dropping the oldest', async () => {
    render(
      <ToastProvider>
        <Trigger count={TOAST_LIMIT + 2} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const titles = (await screen.findAllByText(/^通知\d+$/)).map((el) => el.textContent);
    expect(titles).toHaveLength(TOAST_LIMIT);
    expect(titles[0]).toBe('通知3');
  });

  it('closes a toast by itself after the default duration', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <ToastProvider>
        <Trigger count={1} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByText('通知1')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(TOAST_DEFAULTS.duration + 500);
    });
    expect(screen.queryByText('通知1')).toBeNull();
  });

  it('refuses to be used outside the provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger count={1} />)).toThrow(/inside <ToastProvider>/);
    spy.mockRestore();
  });
});
