import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FormError, TextField } from '../../components/form-field';
import { ApiRequestError, api, errorMessage, rememberCsrfToken } from '../../lib/api';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [errors, setErrors] = useState<{ email?: string; password?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!email.trim()) found.email = 'メールアドレスを入力してください。';
    if (!password) found.password = 'パスワードを入力してください。';
    if (step === 'code' && !/^\d{6}$/.test(code.trim())) {
      found.code = '認証アプリに表示されている6桁の数字を入力してください。';
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body = step === 'code' ? { email, password, totp: code.trim() } : { email, password };
      const answer = await api.post<StaffSession>('session/', body);
      rememberCsrfToken(answer.csrfToken);
      await onSignedIn();
      navigate(returnPath(next), { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'totp_code_required') {
        setStep('code');
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1>管理画面ログイン</h1>
        {step === 'password' ? (
          <>
            <TextField
              label="メールアドレス"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={errors.email}
              required
            />
            <TextField
              label="パスワード"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
              required
            />
          </>
        ) : (
          <TextField
            label="確認コード"
            hint="認証アプリに表示されている6桁の数字を入力してください。"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
            required
            autoFocus
          />
        )}
        <FormError message={failure} />
        <button type="submit" className="button-primary" disabled={busy}>
          {step === 'password' ? 'ログイン' : '確認してログイン'}
        </button>
      </form>
    </main>
  );
}
