import type { StorefrontSettings } from '../../../../server/ssr-contract';

export interface ProcessInfo {
  node: string;
  platform: string;
  pid: number;
  uptimeSeconds: number;
  rssMegabytes: number;
  heapUsedMegabytes: number;
  timeZone: string;
  build: { id: string; timestamp: number };
  devPages: boolean;
  development: boolean;
  ipFilterEnabled: boolean;
  redirects: number;
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The server process as the developer page shows it (runs on the server only). */
export function getProcessInfo(settings: StorefrontSettings): ProcessInfo {
  const memory = process.memoryUsage();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    pid: process.pid,
    uptimeSeconds: Math.round(process.uptime()),
    rssMegabytes: megabytes(memory.rss),
    heapUsedMegabytes: megabytes(memory.heapUsed),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    build: settings.build,
    devPages: settings.devPages,
    development: settings.development,
    ipFilterEnabled: settings.ipFilter.enabled,
    redirects: settings.redirects.length,
  };
}
