import { ROUTES } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { EmailField, PasswordField } from '../../../components/account-fields';
import { FieldError, FormError, fieldAria, InputField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { failureToast, fieldErrors } from '../../../lib/api-errors';
import { closeLogin, type LoginPrompt } from '../../../lib/login-prompt';
import { useSubmission } from '../../../lib/use-submission';
import { login, register } from '../api/auth';

function LoginForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const { busy, error, run } = useSubmission();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    return run(
      async () => {
        const summary = await login(String(form.get('email')), String(form.get('password')));
        toast({ tone: 'success', title: `ようこそ、${summary.member?.name ?? ''}様` });
        onDone();
      },
      (failure) => toast(failureToast('ログインできませんでした', failure)),
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <FormError message={error} />
      <EmailField controlId={`${id}-email`} label="メールアドレス" autoComplete="username" />
      <PasswordField controlId={`${id}-password`} label="パスワード" fresh={false} />
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? 'ログイン中…' : 'ログイン'}
      </button>
    </form>
  );
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const { busy, error, setError, run } = useSubmission();
  const [fields, setFields] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('privacy') !== 'on') {
      setFields({ privacy: '個人情報の取り扱いに同意してください' });
      setError('個人情報の取り扱いへの同意が必要です。');
      return;
    }
    const birthDate = String(form.get('birthDate') ?? '');
    setFields({});
    await run(
      async () => {
        await register({
          name: String(form.get('name')),
          email: String(form.get('email')),
          password: String(form.get('password')),
          ...(birthDate ? { birthDate } : {}),
        });
        toast({
          tone: 'success',
          title: '会員登録が完了しました',
          description: 'ログインしました。',
        });
        onDone();
      },
      (failure) => {
        setFields(fieldErrors(failure));
        toast(failureToast('会員登録できませんでした', failure));
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <FormError message={error} />
      <InputField
        controlId={`${id}-name`}
        label="お名前"
        required
        message={fields.name}
        name="name"
        autoComplete="name"
        maxLength={40}
      />
      <EmailField
        controlId={`${id}-email`}
        label="メールアドレス"
        autoComplete="email"
        marked
        message={fields.email}
      />
      <PasswordField
        controlId={`${id}-password`}
        label="パスワード（8文字以上）"
        fresh
        marked
        message={fields.password}
      />
      <InputField
        controlId={`${id}-birthDate`}
        label="生年月日（成人向け商品のご購入に必要です）"
        message={fields.birthDate}
        name="birthDate"
        type="date"
        autoComplete="bday"
      />
      <div className="form-field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="privacy"
            required
            {...fieldAria(`${id}-privacy`, fields.privacy)}
          />
          <span>
            <a href={ROUTES.terms.path()} target="_blank" rel="noreferrer">
              利用規約・個人情報の取り扱い
            </a>
            に同意します
          </span>
        </label>
        <FieldError controlId={`${id}-privacy`} message={fields.privacy} />
      </div>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? '登録中…' : '同意して会員登録する'}
      </button>
    </form>
  );
}

/** The login modal (its own chunk): log in or register, with the reason it opened. */
export default function LoginModal({ prompt }: { prompt: LoginPrompt }) {
  const [mode, setMode] = useState(prompt.mode);
  const done = () => closeLogin(true);
  return (
    <Modal
      title={mode === 'login' ? 'ログイン' : '会員登録'}
      open
      onClose={() => closeLogin(false)}
      className="modal-narrow"
    >
      {prompt.reason ? <p className="notice">{prompt.reason}</p> : null}
      {mode === 'login' ? <LoginForm onDone={done} /> : <RegisterForm onDone={done} />}
      {mode === 'login' ? (
        <p className="modal-switch">
          <ShopLink href={ROUTES.passwordReset.path()} onClick={() => closeLogin(false)}>
            パスワードをお忘れの方
          </ShopLink>
        </p>
      ) : null}
      <p className="modal-switch">
        {mode === 'login' ? (
          <>
            はじめてご利用の方は{' '}
            <button type="button" className="link-button" onClick={() => setMode('register')}>
              会員登録（無料）
            </button>
          </>
        ) : (
          <>
            会員の方は{' '}
            <button type="button" className="link-button" onClick={() => setMode('login')}>
              ログイン
            </button>
          </>
        )}
      </p>
    </Modal>
  );
}
