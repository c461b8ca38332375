import { ROUTES } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { EmailField, PasswordField } from '../../../components/account-fields';
import { FormError } from '../../../components/form-field';
import { ShopLink } from '../../../components/shop-link';
import { fieldErrors } from '../../../lib/api-errors';
import { clearSession } from '../../../lib/session';
import { useSubmission } from '../../../lib/use-submission';
import { requestPasswordReset, resetPassword } from '../api/account-mail';

/**
 * パスワードをお忘れの方: asks for a reset link. The answer is the same whether or not the address
 * is a member's, so the page says what happens if it is.
 */
export function PasswordResetRequestForm() {
  const id = useId();
  const { busy, error, run } = useSubmission();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    return run(async () => {
      await requestPasswordReset(email);
      setSentTo(email);
    });
  };

  if (sentTo !== null) {
    return (
      <section className="panel" aria-live="polite">
        <h2>メールをご確認ください</h2>
        <p>
          {sentTo}{' '}
          が会員登録されたメールアドレスであれば、パスワード再設定のご案内をお送りしました。メールのリンクから30分以内に新しいパスワードを設定してください。
        </p>
        <p>
          メールが届かない場合は、迷惑メールフォルダをご確認のうえ、しばらくしてからもう一度お試しください。
        </p>
      </section>
    );
  }

  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <p>ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。</p>
      <FormError message={error} />
      <EmailField controlId={`${id}-email`} label="メールアドレス" autoComplete="username" />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? '送信中…' : '再設定メールを送る'}
      </button>
    </form>
  );
}

/** The page a reset mail links to: the new password (the registration's rules), once. */
export function PasswordResetConfirmForm({ token }: { token: string }) {
  const id = useId();
  const { busy, error, run } = useSubmission();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);

  if (token === '') {
    return (
      <section className="panel">
        <p className="form-error" role="alert">
          リンクが正しくありません。メールに記載のリンクをそのままお使いください。
        </p>
        <ShopLink href={ROUTES.passwordReset.path()}>再設定をもう一度申し込む</ShopLink>
      </section>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setFields({});
    return run(
      async () => {
        await resetPassword(token, password);
        // Every session of the member ended, this browser's included.
        clearSession();
        setDone(true);
      },
      (failure) => setFields(fieldErrors(failure)),
    );
  };

  if (done) {
    return (
      <section className="panel" aria-live="polite">
        <h2>パスワードを変更しました</h2>
        <p>
          安全のため、すべての端末でログアウトしました。新しいパスワードでログインしてください。
        </p>
        <ShopLink href={ROUTES.top.path()}>トップページへ</ShopLink>
      </section>
    );
  }

  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <FormError message={error} />
      <PasswordField
        controlId={`${id}-password`}
        label="新しいパスワード（8文字以上）"
        fresh
        message={fields.password}
      />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? '変更中…' : 'パスワードを変更する'}
      </button>
      {error ? (
        <p>
          <ShopLink href={ROUTES.passwordReset.path()}>再設定をもう一度申し込む</ShopLink>
        </p>
      ) : null}
    </form>
  );
}
