import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import LoginModal from './login-modal';

afterEach(cleanup);

const prompt = (mode: 'login' | 'register') => ({ mode, reason: null, resolve: () => undefined });

describe('LoginModal', () => {
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
