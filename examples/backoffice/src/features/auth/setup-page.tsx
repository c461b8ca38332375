import { Link, useLocation, useSearch } from 'wouter';
import { FormSubmit, TextField } from '../../components/form-field';
import { EmailField, NewPasswordFields } from '../../components/sign-in-fields';
import { type FieldMessages, isEmailAddress, useForm } from '../../components/use-form';
import { api, rememberCsrfToken } from '../../lib/api';
import type { StaffSession } from '../../lib/session';
import { useQuery } from '../../lib/use-query';

/**
 * The first owner's setup (docs/backoffice.md "First-owner setup"): opened from the one-time link
 * the server prints at its first start (/admin/setup?token=...), it creates the owner account,
 * signs them in and leads on to two-factor enrolment.
 */
export function SetupPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const state = useQuery('setup', () => api.get<{ setupRequired: boolean }>('setup/'));
  const form = useForm({ name: '', email: '', password: '', confirm: '' });

  const submit = form.onSubmit(
    (values) => {
      const found: FieldMessages = {};
      if (!values.name.trim()) found.name = 'お名前を入力してください。';
      if (!isEmailAddress(values.email)) found.email = 'メールアドレスを正しく入力してください。';
      // Its length and strength are the API's to judge (the members' standard); it answers the
      // field's Japanese message in `details`.
      if (!values.password) found.password = 'パスワードを入力してください。';
      if (values.confirm !== values.password) found.confirm = 'パスワードが一致しません。';
      return found;
    },
    async (values) => {
      const answer = await api.post<StaffSession>('setup/', {
        setupToken: token,
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      rememberCsrfToken(answer.csrfToken);
      await onSignedIn();
      // The new owner's session enrols in two-factor login first (the app shows that page).
      navigate('/', { replace: true });
    },
  );

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
        <TextField label="お名前" autoComplete="name" {...form.field('name')} required />
        <EmailField {...form.field('email')} />
        <NewPasswordFields
          label="パスワード"
          password={form.field('password')}
          confirm={form.field('confirm')}
        />
        <FormSubmit failure={form.failure} busy={form.busy}>
          登録してログイン
        </FormSubmit>
      </form>
    </main>
  );
}
