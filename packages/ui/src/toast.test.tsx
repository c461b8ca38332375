import { TOAST_DEFAULTS } from '@shop/rules';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastTrigger } from './testing';
import { ToastContext, useToastQueue } from './toast';
import Toaster from './toaster';

/** An app's provider, as the back office's is: the queue, its context and the toast area. */
function ToastProvider({ limit, children }: { limit: number; children: ReactNode }) {
  const [toasts, show, close] = useToastQueue(limit);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Toaster toasts={toasts} onClose={close} />
    </ToastContext.Provider>
  );
}

function renderToasts(limit: number, count: number) {
  render(
    <ToastProvider limit={limit}>
      <ToastTrigger count={count} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
}

describe('useToastQueue and Toaster', () => {
  it.each([2, TOAST_DEFAULTS.limit])(
    'keeps at most %i toasts, dropping the oldest',
    async (limit) => {
      renderToasts(limit, limit + 2);
      const titles = (await screen.findAllByText(/^通知\d+$/)).map((el) => el.textContent);
      expect(titles).toEqual(Array.from({ length: limit }, (_, i) => `通知${i + 3}`));
    },
  );

  it('closes a toast by itself after the default duration', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderToasts(2, 1);
    expect(await screen.findByText('通知1')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(TOAST_DEFAULTS.duration + 500);
    });
    expect(screen.queryByText('通知1')).toBeNull();
  });

  it('closes a toast by its ×', async () => {
    renderToasts(2, 1);
    fireEvent.click(await screen.findByRole('button', { name: '閉じる' }));
    expect(screen.queryByText('通知1')).toBeNull();
  });

  it('refuses to be used outside the provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ToastTrigger count={1} />)).toThrow(/inside <ToastProvider>/);
    spy.mockRestore();
  });
});
