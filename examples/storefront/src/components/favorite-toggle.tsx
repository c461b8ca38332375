import { FAVORITE_CONTENT_TYPES, type FavoriteContentType } from '@shop/rules';
import { useState } from 'react';
import { errorMessage, isLoginRequired } from '../lib/api-errors';
import { addFavorite, removeFavorite } from '../lib/favorites';
import { openLogin } from '../lib/login-prompt';
import { useToast } from './toast';

const KIND_LABEL = Object.fromEntries(FAVORITE_CONTENT_TYPES.map((t) => [t.value, t.label]));

/**
 * Adds (or removes) a series or an author to the member's favourites. A guest gets the login
 * modal and the favourite is added right after logging in.
 */
export function FavoriteToggle({
  contentType,
  slug,
  name,
  initial = false,
}: {
  contentType: FavoriteContentType;
  slug: string;
  /** The series title or author name, for the accessible label and the toast. */
  name: string;
  initial?: boolean;
}) {
  const toast = useToast();
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);
  const kind = KIND_LABEL[contentType];

  const toggle = async (): Promise<void> => {
    setBusy(true);
    try {
      if (saved) await removeFavorite(contentType, slug);
      else await addFavorite(contentType, slug);
      setSaved(!saved);
      toast({
        tone: 'success',
        title: saved ? 'お気に入りから外しました' : 'お気に入りに登録しました',
        description: `${kind}：${name}`,
      });
    } catch (error) {
      if (isLoginRequired(error)) {
        setBusy(false);
        const loggedIn = await openLogin({ reason: 'お気に入りのご利用にはログインが必要です。' });
        if (loggedIn) await toggle();
        return;
      }
      toast({
        tone: 'error',
        title: 'お気に入りを更新できませんでした',
        description: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="button button-small"
      aria-pressed={saved}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {saved ? `★ ${name}をお気に入り登録済み` : `☆ ${name}をお気に入り登録`}
    </button>
  );
}
