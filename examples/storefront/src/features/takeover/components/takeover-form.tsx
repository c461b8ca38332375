import { formatJstDate, ROUTES } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { failureToast } from '../../../lib/api-errors';
import { useSubmission } from '../../../lib/use-submission';
import type { TakeoverStatus } from '../../../types/account';
import { linkLegacyAccount } from '../api/takeover';

/**
 * Links an account of the old shop by its e-mail and password or by its takeover code. Once
 * linked, the page shows which account and when, and leads to its order history.
 */
export function TakeoverForm({ initial }: { initial: TakeoverStatus }) {
  const id = useId();
  const toast = useToast();
  const [status, setStatus] = useState(initial);
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, run } = useSubmission();

  if (status.linked) {
    return (
      <section className="panel" aria-labelledby={`${id}-done`}>
        <h2 id={`${id}-done`}>引き継ぎ済みです</h2>
        <p>
          旧サイトのアカウント（{status.legacyEmail}）を
          {status.linkedAt ? `${formatJstDate(status.linkedAt)}に` : ''}引き継ぎました。
        </p>
        <p>
          <ShopLink href={ROUTES.takeoverOrderHistory.path()}>旧サイトの注文履歴を見る</ShopLink>
        </p>
      </section>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return run(
      async () => {
        const next = await linkLegacyAccount(
          method === 'code' ? { takeoverCode: code } : { email, password },
        );
        setStatus(next);
        toast({ tone: 'success', title: '旧サイトのアカウントを引き継ぎました' });
      },
      (failure) => toast(failureToast('引き継げませんでした', failure)),
    );
  };

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>旧サイトのアカウントを引き継ぐ</h2>
      <p>
        旧サイトでご利用のアカウントを1つだけ、この会員に引き継げます。引き継ぐと旧サイトでの注文履歴をご覧いただけます。
      </p>
      <fieldset className="choice-list">
        <legend>引き継ぎ方法</legend>
        <label className="choice">
          <input
            type="radio"
            name={`${id}-method`}
            checked={method === 'password'}
            onChange={() => setMethod('password')}
          />
          メールアドレスとパスワード
        </label>
        <label className="choice">
          <input
            type="radio"
            name={`${id}-method`}
            checked={method === 'code'}
            onChange={() => setMethod('code')}
          />
          引き継ぎコード
        </label>
      </fieldset>
      {method === 'password' ? (
        <>
          <div className="form-field">
            <label htmlFor={`${id}-email`}>旧サイトのメールアドレス</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-password`}>旧サイトのパスワード</label>
            <PasswordInput
              id={`${id}-password`}
              autoComplete="off"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
        </>
      ) : (
        <div className="form-field">
          <label htmlFor={`${id}-code`}>引き継ぎコード</label>
          <input
            id={`${id}-code`}
            autoComplete="off"
            required
            placeholder="TKOV-0000-XXXX"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
      )}
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? '確認中…' : '引き継ぐ'}
      </button>
    </form>
  );
}
