import { ROUTES } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { EmailField, PasswordField } from '../../../components/account-fields';
import { FormError } from '../../../components/form-field';
import { ShopLink } from '../../../components/shop-link';
import { refreshSession } from '../../../lib/session';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSubmission } from '../../../lib/use-submission';
import { confirmEmailChange, requestEmailChange } from '../api/account-mail';

/** メールアドレス変更 in /mypage: the new address and the password; a link goes to the new one. */
export function EmailChangeForm({ current }: { current: string }) {
  const id = useId();
  const { busy, error, run } = useSubmission();
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    return run(async () => {
      const answer = await requestEmailChange(
        String(data.get('password') ?? ''),
        String(data.get('newEmail') ?? ''),
      );
      setSentTo(answer.sentTo);
      form.reset();
    });
  };

  return (
    <form
      className="panel"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
    >
      <h2 id={`${id}-title`}>メールアドレス変更</h2>
      <p>現在のメールアドレス: {current}</p>
      {sentTo !== null ? (
        <p role="status">
          {sentTo}{' '}
          に確認メールをお送りしました。メールのリンクを24時間以内に開くと変更が完了します。
        </p>
      ) : null}
      <FormError message={error} />
      <EmailField
        controlId={`${id}-email`}
        name="newEmail"
        label="新しいメールアドレス"
        autoComplete="email"
      />
      <PasswordField controlId={`${id}-password`} label="パスワード（確認のため）" fresh={false} />
      <button type="submit" className="button" disabled={busy || !hydrated}>
        {busy ? '送信中…' : '確認メールを送る'}
      </button>
    </form>
  );
}

/**
 * The page the confirmation mail links to: one button confirms (a page load alone changes
 * nothing, as mail scanners open links), signed in or not.
 */
export function EmailChangeConfirm({ token }: { token: string }) {
  const { busy, error, run } = useSubmission(
    token === ''
      ? 'リンクが正しくありません。メールに記載のリンクをそのままお使いください。'
      : null,
  );
  const [changed, setChanged] = useState<string | null>(null);

  const confirm = () =>
    run(async () => {
      const answer = await confirmEmailChange(token);
      setChanged(answer.email);
      await refreshSession().catch(() => undefined);
    });

  if (changed !== null) {
    return (
      <section className="panel" aria-live="polite">
        <h2>メールアドレスを変更しました</h2>
        <p>新しいメールアドレス: {changed}</p>
        <p>次回から新しいメールアドレスでログインしてください。</p>
        <ShopLink href={ROUTES.mypage.path()}>マイページへ</ShopLink>
      </section>
    );
  }
  return (
    <section className="panel">
      <p>下のボタンを押すと、メールアドレスの変更が完了します。</p>
      <FormError message={error} />
      <button
        type="button"
        className="button button-primary"
        disabled={busy || token === ''}
        onClick={confirm}
      >
        {busy ? '変更中…' : 'メールアドレスの変更を完了する'}
      </button>
    </section>
  );
}
