import { useSyncExternalStore } from 'react';

// Opens the login modal from anywhere (header, member-only pages, buttons that need a member)
// and tells the caller whether the shopper logged in.

export type LoginMode = 'login' | 'register';

export interface LoginPrompt {
  mode: LoginMode;
  /** Why the modal opened, shown above the form (e.g. the page needs a member). */
  reason: string | null;
  resolve: (loggedIn: boolean) => void;
}

let prompt: LoginPrompt | null = null;
const listeners = new Set<() => void>();

function emit(next: LoginPrompt | null): void {
  prompt = next;
  for (const listener of listeners) listener();
}

/** Opens the login modal; resolves true once the shopper has logged in or registered. */
export function openLogin(options: { mode?: LoginMode; reason?: string } = {}): Promise<boolean> {
  prompt?.resolve(false);
  return new Promise((resolve) => {
    emit({ mode: options.mode ?? 'login', reason: options.reason ?? null, resolve });
  });
}

/** Closes the modal with the outcome. */
export function closeLogin(loggedIn: boolean): void {
  const current = prompt;
  emit(null);
  current?.resolve(loggedIn);
}

export function useLoginPrompt(): LoginPrompt | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => prompt,
    () => null,
  );
}
