/**
 * How often the app checks for a new build (docs/spec.md §4: every hour).
 *
 * @example
 * setInterval(checkForNewBuild, BUILD_CHECK_INTERVAL_MS); // 3,600,000 ms
 */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How long a reload is remembered for its path, so a chunk that keeps failing cannot reload the
 * page in a loop (docs/spec.md §4: 10 seconds).
 *
 * @example
 * RELOAD_GUARD_MS; // 10000
 */
export const RELOAD_GUARD_MS = 10 * 1000;

/**
 * The last reload the app remembers (kept in sessionStorage by the storefront).
 *
 * @example
 * const lastReload: LastReload = { path: '/ranking/daily', at: new Date('2026-12-01T00:00:00Z') };
 * shouldReloadAfterChunkError({ path: '/ranking/daily', now, newBuildFound: true, lastReload });
 */
export interface LastReload {
  readonly path: string;
  readonly at: Date;
}

/**
 * Whether a chunk-load error should reload the page: only when a new build was found, and not if
 * the same path was reloaded less than RELOAD_GUARD_MS ago. A remembered reload in the future
 * (the clock went back) also blocks, since a loop is worse than one stale page.
 *
 * @example
 * shouldReloadAfterChunkError({
 *   path: '/ranking/daily',
 *   now: new Date('2026-12-01T00:00:05Z'),
 *   newBuildFound: true,
 *   lastReload: { path: '/ranking/daily', at: new Date('2026-12-01T00:00:00Z') },
 * }); // false (reloaded 5 s ago)
 */
export function shouldReloadAfterChunkError({
  path,
  now,
  newBuildFound,
  lastReload,
}: {
  readonly path: string;
  readonly now: Date;
  readonly newBuildFound: boolean;
  readonly lastReload: LastReload | null;
}): boolean {
  if (!newBuildFound) return false;
  if (lastReload === null || lastReload.path !== path) return true;
  return now.getTime() - lastReload.at.getTime() >= RELOAD_GUARD_MS;
}
