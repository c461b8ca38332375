import { ROUTES } from '@shop/rules';
import { type ReactNode, useSyncExternalStore } from 'react';
import { ShopLink } from './shop-link';

// The shopper's answer is remembered in localStorage. The server never knows it, so server HTML
// always shows the guarded state and the browser lifts it after hydration.
const STORAGE_KEY = 'shop:age-confirmed';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'yes';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Records that the shopper confirmed being 18 or older. */
export function confirmAge(): void {
  try {
    localStorage.setItem(STORAGE_KEY, 'yes');
  } catch {
    // Private modes may refuse storage: the answer then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** Whether the shopper has confirmed being 18 or older (false on the server). */
export function useAgeConfirmed(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}

/** A cover of an adult-only item: blurred, with a label, until the age is confirmed. */
export function AdultCover({ adult, children }: { adult: boolean; children: ReactNode }) {
  const confirmed = useAgeConfirmed();
  const guarded = adult && !confirmed;
  return (
    <div className={guarded ? 'cover cover-adult' : 'cover'}>
      {children}
      {guarded ? <span className="cover-adult-label">18禁</span> : null}
    </div>
  );
}

/** The age confirmation shown instead of an adult-only page until the shopper answers. */
export function AgeConfirmation() {
  return (
    <section className="age-gate" aria-labelledby="age-gate-heading">
      <h2 id="age-gate-heading">年齢確認</h2>
      <p>
        このページには18歳未満の方がご覧いただけない内容が含まれています。あなたは18歳以上ですか？
      </p>
      <div className="purchase-actions">
        <button type="button" className="button button-primary" onClick={confirmAge}>
          はい（18歳以上です）
        </button>
        <ShopLink href={ROUTES.top.path()} className="button button-outline" prefetch={false}>
          いいえ
        </ShopLink>
      </div>
    </section>
  );
}
