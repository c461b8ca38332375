import { useEffect } from 'react';

/**
 * Runs `task` once after mount, when the browser is idle (at the latest after 3 s; after 1 s
 * where there is no `requestIdleCallback`): for loading what a page may need later, such as a
 * form's code, without competing with its first paint and hydration.
 */
export function useWhenIdle(task: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, by design
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(task, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(task, 1000);
    return () => clearTimeout(timer);
  }, []);
}
