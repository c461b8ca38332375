/**
 * The part of the Network Information API (`navigator.connection`) prefetching looks at.
 *
 * @example
 * // navigator.connection is missing from TypeScript's DOM types and from Safari and Firefox.
 * const connection = (navigator as { connection?: ConnectionInfo }).connection;
 * shouldPrefetch(connection);
 */
export interface ConnectionInfo {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

const SLOW_CONNECTIONS = ['slow-2g', '2g'];

/**
 * Whether a link may prefetch its route's code and data when it becomes visible: not when the
 * shopper asked to save data, nor on a slow-2g or 2g connection (docs/spec.md §9). 3g still
 * prefetches: the page a shopper taps next is worth the few kilobytes, and waiting is what a slow
 * connection makes worst. Browsers without the API (Safari, Firefox) give no information, so
 * prefetching stays on.
 *
 * @example
 * shouldPrefetch({ saveData: true }); // false
 * shouldPrefetch({ effectiveType: '2g' }); // false
 * shouldPrefetch(undefined); // true
 */
export function shouldPrefetch(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_CONNECTIONS.includes(connection.effectiveType ?? '');
}
