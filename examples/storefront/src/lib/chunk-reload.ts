// Memory of the last reload caused by a chunk-load error, kept per tab in sessionStorage, so
// shouldReloadAfterChunkError from @shop/rules can refuse a second reload of the same path.

const RELOAD_MEMORY_KEY = 'shop:chunk-reload';

export function readLastReload(): { path: string; at: Date } | null {
  try {
    const raw = sessionStorage.getItem(RELOAD_MEMORY_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { path: string; at: string };
    return { path: parsed.path, at: new Date(parsed.at) };
  } catch {
    return null;
  }
}

export function rememberReload(path: string, at: Date): void {
  try {
    sessionStorage.setItem(RELOAD_MEMORY_KEY, JSON.stringify({ path, at: at.toISOString() }));
  } catch {
    // Storage may be disabled; the reload still happens, only the loop guard is lost.
  }
}

/** Whether an error is a failed dynamic import (a chunk that a new build removed). */
export function isChunkLoadError(error: unknown): error is Error {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
      error.message,
    )
  );
}
