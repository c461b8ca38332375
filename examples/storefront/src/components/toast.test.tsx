import { ToastTrigger } from '@shop/ui/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from './toast';
import { TOAST_LIMIT } from './toast-limit';

// The toasts themselves are @shop/ui's (packages/ui/src/toast.test.tsx); this is the storefront's
// wiring: its limit, and the toast area loaded later than the page.

afterEach(cleanup);

describe('ToastProvider', () => {
  it('keeps at most TOAST_LIMIT toasts, dropping the oldest', async () => {
    render(
      <ToastProvider>
        <ToastTrigger count={TOAST_LIMIT + 2} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const titles = (await screen.findAllByText(/^通知\d+$/)).map((el) => el.textContent);
    expect(titles).toHaveLength(TOAST_LIMIT);
    expect(titles[0]).toBe('通知3');
  });

  it('draws no toast area at first, and loads it once the page is idle', async () => {
    render(
      <ToastProvider>
        <ToastTrigger count={1} />
      </ToastProvider>,
    );
    expect(document.querySelector('.toast-viewport')).toBeNull();
    await waitFor(() => expect(document.querySelector('.toast-viewport')).not.toBeNull());
  });
});
