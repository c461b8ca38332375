import { ROUTES } from '@shop/rules';
import { useState } from 'react';
import { FormError } from '../../../components/form-field';
import { ShopLink } from '../../../components/shop-link';
import { useSubmission } from '../../../lib/use-submission';
import { type UnsubscribeLink, unsubscribe } from '../api/account-mail';

/**
 * The page a mail's 配信停止 link opens: names the kind and stops it with one button (the POST a
 * mail client's one-click unsubscribe sends), or says the link is not valid.
 */
export function UnsubscribeConfirm({
  token,
  link,
}: {
  token: string;
  link: UnsubscribeLink | null;
}) {
  const { busy, error, run } = useSubmission();
  const [done, setDone] = useState(link?.unsubscribed ?? false);

  if (link === null) {
    return (
      <section className="panel">
        <p className="form-error" role="alert">
          配信停止のリンクが正しくありません。メールに記載のリンクをそのままお使いください。
        </p>
        <p>
          配信設定はログイン後、<ShopLink href={ROUTES.mypage.path()}>マイページ</ShopLink>
          の「メール配信設定」から変更できます。
        </p>
      </section>
    );
  }

  const stop = () =>
    run(async () => {
      await unsubscribe(token);
      setDone(true);
    });

  return (
    <section className="panel" aria-live="polite">
      {done ? (
        <p>
          「{link.label}
          」の配信を停止しました。マイページの「メール配信設定」からいつでも再開できます。
        </p>
      ) : (
        <>
          <p>「{link.label}」のメール配信を停止しますか？</p>
          <FormError message={error} />
          <button type="button" className="button button-primary" disabled={busy} onClick={stop}>
            {busy ? '処理中…' : '配信を停止する'}
          </button>
        </>
      )}
    </section>
  );
}
