import { ROUTES } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { FormError } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { errorMessage, failureToast } from '../../../lib/api-errors';
import { clearSession } from '../../../lib/session';
import type { WithdrawalCheck } from '../../../types/account';
import { withdraw } from '../api/withdraw';

/**
 * Withdrawal: while orders are open the page says why it is refused (the API's reasons) and
 * offers no form; otherwise the member confirms with their password.
 */
export function WithdrawalForm({ check }: { check: WithdrawalCheck }) {
  const id = useId();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!check.canWithdraw) {
    return (
      <section className="panel" aria-labelledby={`${id}-blocked`}>
        <h2 id={`${id}-blocked`}>現在は退会できません</h2>
        <p>未完了のご注文があるため、退会のお手続きができません。</p>
        <ul className="form-error">
          {check.blockers.map((blocker) => (
            <li key={blocker.code}>{blocker.message}</li>
          ))}
        </ul>
        <p>
          ご注文の発送完了後、またはキャンセル後に改めてお手続きください。
          <ShopLink href={ROUTES.orderHistory.path()}>注文履歴を見る</ShopLink>
        </p>
      </section>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await withdraw(password);
      clearSession();
      toast({ tone: 'success', title: '退会手続きが完了しました' });
      navigate(ROUTES.withdrawalDone.path());
    } catch (failure) {
      setError(errorMessage(failure));
      toast(failureToast('退会できませんでした', failure));
      setBusy(false);
    }
  };

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>退会する</h2>
      <p>
        退会すると、保有ポイント・お届け先・登録カード・お気に入りはすべて削除され、元に戻せません。ご注文の記録は法令に基づき、個人を特定できない形で保管します。
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        上記を理解し、退会します
      </label>
      <div className="form-field">
        <label htmlFor={`${id}-password`}>パスワード（確認のため）</label>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <FormError message={error} />
      <button type="submit" className="button button-danger" disabled={!agreed || busy}>
        {busy ? '処理中…' : '退会する'}
      </button>
    </form>
  );
}
