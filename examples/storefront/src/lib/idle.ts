import { useEffect } from 'react';

/**
 * Runs `task` when the browser is idle (at the latest after `timeout` ms; after `fallbackMs`
 * where there is no `requestIdleCallback`), for work a page may need later (loading a chunk,
 * prefetching, a health check) that should not compete with its first paint and hydration.
 * Returns the cancel function (an effect's clean-up).
 */
export function whenIdle(
  task: () => void,
  { timeout = 3000, fallbackMs = 1000 }: { timeout?: number; fallbackMs?: number } = {},
): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, fallbackMs);
  return () => clearTimeout(timer);
}

/** `whenIdle(task)` once after mount, cancelled on unmount. */
export function useWhenIdle(task: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, by design
  useEffect(() => whenIdle(task), []);
}
