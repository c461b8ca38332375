import { FormSubmit, TextField } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { NewPasswordFields } from '../../components/sign-in-fields';
import { useToast } from '../../components/toast';
import { type FieldMessages, useForm } from '../../components/use-form';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

/**
 * The staff member's own password: the current one, the new one twice. A temporary password
 * (a new account's) must be replaced here before anything else; the new password's length is the
 * API's to judge (it answers the field's message).
 */
export function PasswordPage() {
  const { staff, refresh } = useSession();
  const toast = useToast();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const form = useForm(empty);

  const submit = form.onSubmit(
    (values) => {
      const found: FieldMessages = {};
      if (!values.currentPassword) found.currentPassword = '現在のパスワードを入力してください。';
      if (!values.newPassword) found.newPassword = '新しいパスワードを入力してください。';
      if (values.confirm !== values.newPassword) found.confirm = '新しいパスワードが一致しません。';
      return found;
    },
    async (values) => {
      await api.post('me/password/', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      form.setValues(empty);
      toast({
        title: 'パスワードを変更しました',
        description: 'ほかの端末のログインは終了しました。',
        tone: 'success',
      });
      await refresh();
    },
  );

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
          {...form.field('currentPassword')}
          required
        />
        <NewPasswordFields
          label="新しいパスワード"
          password={form.field('newPassword')}
          confirm={form.field('confirm')}
        />
        <FormSubmit failure={form.failure} busy={form.busy}>
          変更する
        </FormSubmit>
      </form>
    </>
  );
}
