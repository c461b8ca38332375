import { FAVORITE_CONTENT_TYPES, type FavoriteContentType } from '@shop/rules';
import { useEffect, useRef, useState } from 'react';
import { failureToast, isLoginRequired } from '../lib/api-errors';
import { addFavorite, isFavorite, removeFavorite } from '../lib/favorites';
import { openLogin } from '../lib/login-prompt';
import { currentSession, useSession } from '../lib/session';
import { useToast } from './toast';

const KIND_LABEL = Object.fromEntries(FAVORITE_CONTENT_TYPES.map((t) => [t.value, t.label]));

/** What the button says: the product's own button, or one naming the series or author. */
function label(contentType: FavoriteContentType, name: string, saved: boolean): string {
  if (contentType === 'product') return saved ? '♥ お気に入り登録済み' : '♡ お気に入りに追加';
  return saved ? `★ ${name}をお気に入り登録済み` : `☆ ${name}をお気に入り登録`;
}

/**
 * Adds a product, series or author to the member's favourites, or removes it. A member sees
 * whether it is saved already (GET /api/favorites/{type}/{slug}/ once the session is known); a
 * guest gets the login modal, stays on the page, and the favourite is added right after logging
 * in. Guests never send a request that must fail.
 */
export function FavoriteToggle({
  contentType,
  slug,
  name,
}: {
  contentType: FavoriteContentType;
  slug: string;
  /** The product or series title, or the author's name, for the label and the toast. */
  name: string;
}) {
  const toast = useToast();
  const memberId = useSession().summary?.member?.id ?? null;
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // Bumped by every change the shopper completes: a state read that started before it is stale.
  const changes = useRef(0);
  const kind = KIND_LABEL[contentType];

  useEffect(() => {
    setSaved(false);
    if (memberId === null) return;
    let cancelled = false;
    const before = changes.current;
    isFavorite(contentType, slug).then(
      (favorite) => {
        if (!cancelled && changes.current === before) setSaved(favorite);
      },
      // Unknown stays "not saved": adding is idempotent, so the button still does the right thing.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [memberId, contentType, slug]);

  const change = async (add: boolean): Promise<void> => {
    if (add) await addFavorite(contentType, slug);
    else await removeFavorite(contentType, slug);
    changes.current += 1;
    setSaved(add);
    toast({
      tone: 'success',
      title: add ? 'お気に入りに登録しました' : 'お気に入りから外しました',
      description: `${kind}：${name}`,
    });
  };

  const onClick = async (): Promise<void> => {
    setBusy(true);
    try {
      const session = await currentSession().catch(() => null);
      if (session?.member) {
        try {
          await change(!saved);
          return;
        } catch (error) {
          if (!isLoginRequired(error)) throw error;
        }
      }
      // A guest, or a member whose session has just expired.
      setBusy(false);
      const loggedIn = await openLogin({ reason: 'お気に入りのご利用にはログインが必要です。' });
      if (!loggedIn) return;
      setBusy(true);
      // The member may keep it already: adding again is harmless, removing would not be.
      await change(true);
    } catch (error) {
      toast(failureToast('お気に入りを更新できませんでした', error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={contentType === 'product' ? 'button button-outline' : 'button button-small'}
      aria-pressed={saved}
      disabled={busy}
      onClick={() => void onClick()}
    >
      {label(contentType, name, saved)}
    </button>
  );
}
