import { ROUTES } from '@shop/rules';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { errorMessage, failureToast } from '../../../lib/api-errors';
import type { BundlePreview } from '../../../types/account';
import {
  type BundleSelection,
  confirmBundle,
  forgetSelection,
  previewBundle,
  readSelection,
} from '../api/bundle';
import { BundleSummary } from './bundle-summary';

/** おまとめ配送's confirmation: the saving for the chosen orders, then the bundle. */
export function BundleConfirm() {
  const toast = useToast();
  const [, navigate] = useLocation();
  const [selection, setSelection] = useState<BundleSelection | null | undefined>(undefined);
  const [preview, setPreview] = useState<BundlePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  useEffect(() => {
    const chosen = readSelection();
    setSelection(chosen);
    if (!chosen) return;
    previewBundle(chosen.orderIds).then(setPreview, (failure: unknown) => {
      setError(errorMessage(failure));
      toast(failureToast('おまとめ配送の内容を確認できませんでした', failure));
    });
  }, [toast]);

  if (selection === undefined) return <p className="panel">読み込み中…</p>;
  if (selection === null) {
    return (
      <p className="panel">
        おまとめするご注文が選ばれていません。
        <ShopLink href={ROUTES.orderHistory.path()}>注文履歴</ShopLink>からお選びください。
      </p>
    );
  }

  const onConfirm = async () => {
    // The key stays with the selection: a double click or a retry replays the same bundle.
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const bundle = await confirmBundle(selection.orderIds, selection.key);
      forgetSelection();
      toast({ tone: 'success', title: 'おまとめ配送を受け付けました' });
      navigate(`${ROUTES.bundleComplete.path()}?id=${bundle.id}`);
    } catch (failure) {
      setError(errorMessage(failure));
      toast(failureToast('おまとめ配送を確定できませんでした', failure));
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="bundle-confirm">
      <h2 id="bundle-confirm">ご注文番号 {selection.orderIds.join('・')} をおまとめします</h2>
      {preview ? <BundleSummary plan={preview} /> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="muted">
        おまとめ後は個別のキャンセルができません。節約された送料はクレジットカードのご請求額から差し引きます。
      </p>
      <button
        type="button"
        className="button button-primary"
        disabled={busy || preview === null}
        onClick={() => void onConfirm()}
      >
        {busy ? '処理中…' : 'おまとめを確定する'}
      </button>
    </section>
  );
}
