import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { BrowserApiError, currentSession } from '../../../lib/browser-api';
import { addFavoriteProduct } from '../api/add-favorite';

/** Adds the product to the member's favourites; a guest is told to log in (the API's 401). */
export function FavoriteButton({ slug }: { slug: string }) {
  const toast = useToast();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      // Favourites are a member feature: a guest is told so without a request that must fail.
      if ((await currentSession()).member === null) {
        toast({
          tone: 'info',
          title: 'ログインしてください',
          description: 'お気に入りは会員登録・ログインするとご利用いただけます。',
        });
        return;
      }
      await addFavoriteProduct(slug);
      setSaved(true);
      toast({ tone: 'success', title: 'お気に入りに登録しました' });
    } catch (error) {
      toast({
        tone: 'error',
        title: 'お気に入りに登録できませんでした',
        description: error instanceof BrowserApiError ? error.message : '通信に失敗しました。',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-outline"
      aria-pressed={saved}
      disabled={busy}
      onClick={onClick}
    >
      {saved ? '♥ お気に入り登録済み' : '♡ お気に入りに追加'}
    </button>
  );
}
