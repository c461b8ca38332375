import { type FormEvent, useState } from 'react';
import { FormError, TextField } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { useToast } from '../../components/toast';
import { api, errorMessage, fieldErrors } from '../../lib/api';
import { useSession } from '../../lib/session';

type Fields = 'currentPassword' | 'newPassword' | 'confirm';

/**
 * The staff member's own password: the current one, the new one twice. A temporary password
 * (a new account's) must be replaced here before anything else; the new password's length is the
 * API's to judge (it answers the field's message).
 */
export function PasswordPage() {
  const { staff, refresh } = useSession();
  const toast = useToast();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const [form, setForm] = useState<Record<Fields, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Fields) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Fields, string>> = {};
    if (!form.currentPassword) found.currentPassword = '現在のパスワードを入力してください。';
    if (!form.newPassword) found.newPassword = '新しいパスワードを入力してください。';
    if (form.confirm !== form.newPassword) found.confirm = '新しいパスワードが一致しません。';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.post('me/password/', {
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      setForm(empty);
      toast({
        title: 'パスワードを変更しました',
        description: 'ほかの端末のログインは終了しました。',
        tone: 'success',
      });
      await refresh();
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="パスワード変更" />
      {staff.passwordChangeRequired ? (
        <p role="status">
          仮のパスワードでログインしています。新しいパスワードを設定してください。
        </p>
      ) : null}
      <form className="narrow-form" onSubmit={submit} noValidate>
        <TextField
          label="現在のパスワード"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          required
        />
        <TextField
          label="新しいパスワード"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          required
        />
        <TextField
          label="新しいパスワード（確認）"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          required
        />
        <FormError message={failure} />
        <button type="submit" className="button-primary" disabled={busy}>
          変更する
        </button>
      </form>
    </>
  );
}
