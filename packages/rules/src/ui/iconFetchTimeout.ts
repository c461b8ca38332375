/**
 * How long an icon may take to load before the fallback is shown (docs/spec.md §9: 1500 ms).
 *
 * @example
 * AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS); // 1500 ms
 */
export const ICON_FETCH_TIMEOUT_MS = 1500;
