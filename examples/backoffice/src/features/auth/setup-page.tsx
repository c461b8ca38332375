import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { FormError, TextField } from '../../components/form-field';
import { api, errorMessage, fieldErrors, rememberCsrfToken } from '../../lib/api';
import type { StaffSession } from '../../lib/session';
import { useQuery } from '../../lib/use-query';

type Fields = 'name' | 'email' | 'password' | 'confirm';

/**
 * The first owner's setup (docs/backoffice.md "First-owner setup"): opened from the one-time link
 * the server prints at its first start (/admin/setup?token=...), it creates the owner account,
 * signs them in and leads on to two-factor enrolment.
 */
export function SetupPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const state = useQuery('setup', () => api.get<{ setupRequired: boolean }>('setup/'));
  const [form, setForm] = useState<Record<Fields, string>>({
    name: '',
    email: '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Fields) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Fields, string>> = {};
    if (!form.name.trim()) found.name = 'お名前を入力してください。';
    if (!/^[^\s@]+@[^\s@]+$/.test(form.email.trim())) {
      found.email = 'メールアドレスを正しく入力してください。';
    }
    // Its length and strength are the API's to judge (the members' standard); it answers the
    // field's Japanese message in `details`.
    if (!form.password) found.password = 'パスワードを入力してください。';
    if (form.confirm !== form.password) found.confirm = 'パスワードが一致しません。';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await api.post<StaffSession>('setup/', {
        setupToken: token,
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
      });
      rememberCsrfToken(answer.csrfToken);
      await onSignedIn();
      // The new owner's session enrols in two-factor login first (the app shows that page).
      navigate('/', { replace: true });
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (state.status === 'ok' && !state.data.setupRequired) {
    return (
      <main className="auth-page">
        <div className="auth-card">
          <h1>初期設定</h1>
          <p role="status">初期設定は完了しています。</p>
          <Link href="/login">ログイン画面へ</Link>
        </div>
      </main>
    );
  }

  if (!token) {
    return (
      <main className="auth-page">
        <div className="auth-card">
          <h1>初期設定</h1>
          <p role="alert">
            初期設定のURLが正しくありません。サーバーの起動時に表示されたURLを開いてください。
          </p>
        </div>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1>初期設定：オーナーの登録</h1>
        <p>このショップの最初の管理者（オーナー）を登録します。</p>
        <TextField
          label="お名前"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          required
        />
        <TextField
          label="メールアドレス"
          type="email"
          autoComplete="username"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        <TextField
          label="パスワード"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          required
        />
        <TextField
          label="パスワード（確認）"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          required
        />
        <FormError message={failure} />
        <button type="submit" className="button-primary" disabled={busy}>
          登録してログイン
        </button>
      </form>
    </main>
  );
}
