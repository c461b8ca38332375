import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { publishAccountChange } from '../../../lib/account-changes';
import { failureToast } from '../../../lib/api-errors';
import { formatExpire } from '../../../lib/cards';
import type { SavedCard } from '../../../types/account';
import { deleteCard, saveCard } from '../api/cards';
import { CardForm } from './card-form';

/**
 * The member's saved cards (brand, last four digits, expiry) with delete, and the card form,
 * which tokenises in the browser. /common/credit-card's content, a page or a dialog over
 * checkout; every change is published (lib/account-changes.ts) for checkout.
 */
export function CardWallet({
  initial,
  onSaved,
}: {
  initial: SavedCard[];
  /** Called once a new card is saved (the checkout's dialog closes then). */
  onSaved?: (card: SavedCard) => void;
}) {
  const toast = useToast();
  const [cards, setCards] = useState(initial);

  const remove = async (card: SavedCard) => {
    if (!window.confirm(`${card.brand} 末尾${card.last4} のカードを削除します。よろしいですか？`)) {
      return;
    }
    try {
      await deleteCard(card.id);
      const next = cards.filter((other) => other.id !== card.id);
      setCards(next);
      publishAccountChange({ kind: 'cards', cards: next, added: null });
      toast({ tone: 'success', title: 'クレジットカードを削除しました' });
    } catch (error) {
      toast(failureToast('削除できませんでした', error));
    }
  };

  return (
    <div className="card-wallet">
      <h2>登録済みのカード</h2>
      {cards.length === 0 ? (
        <p>登録されているカードはありません。</p>
      ) : (
        <ul className="choice-list">
          {cards.map((card) => (
            <li key={card.id} className="panel">
              {card.brand} **** {card.last4}（有効期限 {formatExpire(card.expire)}）{' '}
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={`${card.brand} 末尾${card.last4} のカードを削除`}
                onClick={() => void remove(card)}
              >
                削除
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2>カードを登録する</h2>
      <CardForm
        submitLabel="このカードを登録する"
        onToken={async ({ token }) => {
          const saved = await saveCard(token);
          const next = [...cards, saved];
          setCards(next);
          publishAccountChange({ kind: 'cards', cards: next, added: saved });
          toast({ tone: 'success', title: 'クレジットカードを登録しました' });
          onSaved?.(saved);
        }}
      />
    </div>
  );
}
