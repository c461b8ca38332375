import { useCallback, useRef, useState } from 'react';

const STORAGE_KEY = 'shop:checkout-idempotency';

interface StoredKey {
  body: string;
  key: string;
}

function readStored(): StoredKey | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredKey) : null;
  } catch {
    return null;
  }
}

function store(value: StoredKey | null): void {
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // The key then lives in memory only: retries in this page still reuse it.
  }
}

/**
 * Sends a request that must happen at most once. The idempotency key belongs to the request's
 * content: a retry of the same content (after a timeout, an error or a reload of the tab) reuses
 * it, so the server answers the first result; changed content gets a new key. A second call while
 * one is on its way is ignored.
 */
export function useIdempotentSubmit<Body, Result>(
  send: (body: Body, key: string) => Promise<Result>,
  newKey: () => string = () => crypto.randomUUID(),
): { submit: (body: Body) => Promise<Result | null>; busy: boolean } {
  const inFlight = useRef(false);
  const memory = useRef<StoredKey | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = useCallback(
    async (body: Body) => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      const json = JSON.stringify(body);
      const known = memory.current ?? readStored();
      const entry = known && known.body === json ? known : { body: json, key: newKey() };
      memory.current = entry;
      store(entry);
      try {
        const result = await send(body, entry.key);
        memory.current = null;
        store(null);
        return result;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [send, newKey],
  );
  return { submit, busy };
}
