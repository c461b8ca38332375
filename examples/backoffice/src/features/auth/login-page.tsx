import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FormSubmit, TextField } from '../../components/form-field';
import {
  EmailField,
  isTotpCode,
  TOTP_CODE_MESSAGE,
  TotpCodeField,
} from '../../components/sign-in-fields';
import { type FieldMessages, useForm } from '../../components/use-form';
import { ApiRequestError, api, rememberCsrfToken } from '../../lib/api';
import type { StaffSession } from '../../lib/session';

/** A path to return to after login: one of the back office's own, never another site's. */
function returnPath(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * Staff login: e-mail and password, then (for an account with two-factor authentication) the
 * six-digit code of the authenticator app. The API answers 401 `totp_code_required` to a right
 * password without a code; the page then asks for the code and sends all three again.
 */
export function LoginPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [, navigate] = useLocation();
  const next = new URLSearchParams(useSearch()).get('next');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const form = useForm({ email: '', password: '', code: '' });

  const submit = form.onSubmit(
    ({ email, password, code }) => {
      const found: FieldMessages = {};
      if (!email.trim()) found.email = 'メールアドレスを入力してください。';
      if (!password) found.password = 'パスワードを入力してください。';
      if (step === 'code' && !isTotpCode(code)) found.code = TOTP_CODE_MESSAGE;
      return found;
    },
    async ({ email, password, code }) => {
      const body = step === 'code' ? { email, password, totp: code.trim() } : { email, password };
      try {
        const answer = await api.post<StaffSession>('session/', body);
        rememberCsrfToken(answer.csrfToken);
      } catch (error) {
        // A right password of an account with two-factor login: ask for the code, no failure.
        if (error instanceof ApiRequestError && error.code === 'totp_code_required') {
          setStep('code');
          return;
        }
        throw error;
      }
      await onSignedIn();
      navigate(returnPath(next), { replace: true });
    },
  );

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1>管理画面ログイン</h1>
        {step === 'password' ? (
          <>
            <EmailField {...form.field('email')} />
            <TextField
              label="パスワード"
              type="password"
              autoComplete="current-password"
              {...form.field('password')}
              required
            />
          </>
        ) : (
          <TotpCodeField hint={TOTP_CODE_MESSAGE} {...form.field('code')} autoFocus />
        )}
        <FormSubmit failure={form.failure} busy={form.busy}>
          {step === 'password' ? 'ログイン' : '確認してログイン'}
        </FormSubmit>
      </form>
    </main>
  );
}
