import { formatYenTaxIncluded, ORDER_STATE_LABELS, ROUTES } from '@shop/rules';
import { useId, useState } from 'react';
import { ShopLink } from '../../../components/shop-link';
import { errorMessage } from '../../../lib/api-errors';
import { releaseLabel } from '../../../lib/release-label';
import type { PostponedReservation } from '../../../types/account';
import { cancelPostponedReservation } from '../api/reservation-cancel';

/**
 * The page a 発売延期のお知らせ links to: the reservation its signed link names and one button
 * that cancels it free, with no login (docs/catalog-mail.md). A link that is no longer valid, or
 * a reservation that can no longer be cancelled, says so and points to the order history.
 */
export function ReservationCancel({
  token,
  initial,
  problem,
}: {
  token: string;
  initial: PostponedReservation | null;
  /** Why the link shows no reservation (the API's message). */
  problem: string | null;
}) {
  const id = useId();
  const [reservation, setReservation] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (reservation === null) {
    return (
      <section className="panel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>ご予約を表示できません</h2>
        <p className="form-error" role="alert">
          {problem ?? 'キャンセル用のリンクが正しくありません。'}
        </p>
        <p>
          <ShopLink href={ROUTES.orderHistory.path()}>注文履歴からお手続きください</ShopLink>
        </p>
      </section>
    );
  }

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      setReservation(await cancelPostponedReservation(token));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const cancelled = reservation.state === 'cancelled';
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>ご注文番号 {reservation.orderId}</h2>
      <ul>
        {reservation.items.map((item) => (
          <li key={`${item.title}-${item.variationName}`}>
            {item.title}（{item.variationName}） ×{item.quantity}
          </li>
        ))}
      </ul>
      <p>
        {releaseLabel(reservation) ?? '発売日未定'}・お支払い金額{' '}
        {formatYenTaxIncluded(reservation.amountDue)}・{ORDER_STATE_LABELS[reservation.state]}
      </p>
      {cancelled ? (
        <p role="status">
          ご予約をキャンセルしました。キャンセル料はかかりません。ご利用のポイントはお戻しし、カードのお支払いは取り消しました。
        </p>
      ) : reservation.cancellable ? (
        <>
          <p>
            発売日の変更に伴い、このご予約はキャンセル料なしでキャンセルできます。ボタンを押すとすぐにキャンセルされ、元に戻せません。
          </p>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="button" className="button button-danger" disabled={busy} onClick={cancel}>
            {busy ? '処理中…' : 'このご予約を無料でキャンセルする'}
          </button>
        </>
      ) : (
        <p>
          このご注文は{ORDER_STATE_LABELS[reservation.state]}
          のため、このリンクからはキャンセルできません。お手数ですがお問い合わせください。
        </p>
      )}
      <p>
        <ShopLink href={ROUTES.orderHistory.path()}>注文履歴を見る</ShopLink>
      </p>
    </section>
  );
}
