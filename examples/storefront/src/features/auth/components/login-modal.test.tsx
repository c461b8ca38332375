import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import LoginModal from './login-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const prompt = (mode: 'login' | 'register') => ({ mode, reason: null, resolve: () => {} });

describe('LoginModal', () => {
  it('offers パスワードをお忘れの方, linking the reset page, beside the login form', () => {
    render(
      <ToastProvider>
        <LoginModal prompt={prompt('login')} />
      </ToastProvider>,
    );
    const link = screen.getByRole('link', { name: 'パスワードをお忘れの方' });
    expect(link.getAttribute('href')).toBe('/password-reset');
  });

  it('does not offer it beside the registration form', () => {
    render(
      <ToastProvider>
        <LoginModal prompt={prompt('register')} />
      </ToastProvider>,
    );
    expect(screen.queryByRole('link', { name: 'パスワードをお忘れの方' })).toBeNull();
  });

  it('opens with the cursor in メールアドレス, so a shopper types at once', () => {
    render(
      <ToastProvider>
        <LoginModal prompt={prompt('login')} />
      </ToastProvider>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('メールアドレス'));
  });

  it('opens the registration on its first field, お名前', () => {
    render(
      <ToastProvider>
        <LoginModal prompt={prompt('register')} />
      </ToastProvider>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /お名前/ }));
  });
});
