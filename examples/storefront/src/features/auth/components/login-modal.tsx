import { ROUTES } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../../components/modal';
import { PasswordInput } from '../../../components/password-input';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { closeLogin, type LoginPrompt } from '../../../lib/login-prompt';
import { login, register } from '../api/auth';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

/** The error summary of a form: announced, and the field messages below their inputs. */
function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const summary = await login(String(form.get('email')), String(form.get('password')));
      toast({ tone: 'success', title: `ようこそ、${summary.member?.name ?? ''}様` });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
      toast({
        tone: 'error',
        title: 'ログインできませんでした',
        description: errorMessage(failure),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate={false} aria-busy={busy}>
      <FormError message={error} />
      <div className="form-field">
        <label htmlFor={`${id}-email`}>メールアドレス</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-password`}>パスワード</label>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
      </div>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? 'ログイン中…' : 'ログイン'}
      </button>
    </form>
  );
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
    setBusy(true);
    setError(null);
    setFields({});
    try {
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
    } catch (failure) {
      setError(errorMessage(failure));
      setFields(fieldErrors(failure));
      toast({
        tone: 'error',
        title: '会員登録できませんでした',
        description: errorMessage(failure),
      });
    } finally {
      setBusy(false);
    }
  };

  const described = (name: string) =>
    fields[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      <FormError message={error} />
      <div className="form-field">
        <label htmlFor={`${id}-name`}>
          お名前 <span className="required">必須</span>
        </label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={40}
          {...described('name')}
        />
        <FieldError id={`${id}-name-error`} message={fields.name} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-email`}>
          メールアドレス <span className="required">必須</span>
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...described('email')}
        />
        <FieldError id={`${id}-email-error`} message={fields.email} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-password`}>
          パスワード（8文字以上） <span className="required">必須</span>
        </label>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          {...described('password')}
        />
        <FieldError id={`${id}-password-error`} message={fields.password} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-birthDate`}>生年月日（成人向け商品のご購入に必要です）</label>
        <input
          id={`${id}-birthDate`}
          name="birthDate"
          type="date"
          autoComplete="bday"
          {...described('birthDate')}
        />
        <FieldError id={`${id}-birthDate-error`} message={fields.birthDate} />
      </div>
      <div className="form-field">
        <label className="checkbox">
          <input type="checkbox" name="privacy" required {...described('privacy')} />
          <span>
            <a href={ROUTES.terms.path()} target="_blank" rel="noreferrer">
              利用規約・個人情報の取り扱い
            </a>
            に同意します
          </span>
        </label>
        <FieldError id={`${id}-privacy-error`} message={fields.privacy} />
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
