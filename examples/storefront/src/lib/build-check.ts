import { BUILD_CHECK_INTERVAL_MS } from '@shop/rules';
import { useEffect, useState } from 'react';

interface BuildInfo {
  id: string;
  timestamp: number;
}

/** Where the server publishes the build it is serving now (the API's build metadata endpoint). */
export const LATEST_BUILD_URL = '/_app/builds/latest.json';

/** Asks the server which build is current; true when it is not the one this page runs. */
export async function isNewBuildAvailable(current: BuildInfo, now = Date.now()): Promise<boolean> {
  // The timestamp query defeats any cache between the browser and the server.
  const response = await fetch(`${LATEST_BUILD_URL}?t=${now}`, { cache: 'no-store' });
  if (!response.ok) return false;
  const latest = (await response.json()) as Partial<BuildInfo>;
  return typeof latest.id === 'string' && latest.id !== current.id;
}

/** Checks for a new build every BUILD_CHECK_INTERVAL_MS; true once one has been found. */
export function useBuildCheck(current: BuildInfo): boolean {
  const [found, setFound] = useState(false);
  useEffect(() => {
    if (found) return;
    const timer = window.setInterval(() => {
      isNewBuildAvailable(current).then(setFound, () => undefined);
    }, BUILD_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [current, found]);
  return found;
}
