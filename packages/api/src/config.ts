import { resolve } from 'node:path';
import { type AccountConfig, flag, loadAccountConfig } from './accounts/config';
import { type ImageConfig, loadImageConfig } from './images/config';
import { loadMailConfig, type MailConfig } from './notifications/config';
import { type CommerceConfig, loadCommerceConfig } from './orders/config';

/** Everything the server reads from its environment, parsed once at start. */
export interface AppConfig {
  port: number;
  /** Folder of the embedded PGlite database and of the image cache. */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined;
  /** Products seeded into an empty database on start; 0 disables seeding. */
  seedProducts: number;
  ipFilter: { enabled: boolean; allowedAddress: string };
  /** The storefront build the new-build check compares against. */
  build: { id: string; timestamp: number };
  /** How long catalog reads may be served from memory, in milliseconds (0: never cached). */
  cacheTtlMs: number;
  /** How long a stopping server (SIGTERM) waits for requests in flight before cutting them. */
  shutdownDrainMs: number;
  /** Sessions, cookies, password hashing, throttles and the bot check (see accounts/config.ts). */
  accounts: AccountConfig;
  /** Card gateway, checkout lease and operator token (see orders/config.ts). */
  commerce: CommerceConfig;
  /** MAINTENANCE_MESSAGE: when set, /api/health/ tells storefronts to show it in a modal. */
  maintenanceMessage?: string | undefined;
  /**
   * PUBLIC_ORIGIN: the origin shoppers reach the shop at (`https://shop.example`), behind a
   * proxy or load balancer that terminates TLS. Used, instead of anything a request claims
   * (Host, X-Forwarded-Host), for the CSRF origin check, redirects and absolute URLs. Unset:
   * the origin the request arrived at (a shop reached directly, as `pnpm start` serves it).
   */
  publicOrigin: string | undefined;
  /** Concurrent renders, their queue and the disk cache's cap of /_image (see images/config.ts). */
  images: ImageConfig;
  /** SMTP relay or local mailbox, From address, and the delivery workers (see notifications/config.ts). */
  mail: MailConfig;
}

/** Default number of demo products a first start seeds: small enough to seed in seconds. */
export const DEFAULT_SEED_PRODUCTS = 3000;

/** An origin (`scheme://host[:port]`), refusing paths, queries, credentials and other schemes. */
function origin(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an origin such as https://shop.example (got ${value})`);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare) {
    throw new Error(`${name} must be an origin such as https://shop.example (got ${value})`);
  }
  return url.origin;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

/**
 * Reads the configuration from environment variables:
 * PORT, DATA_DIR, DATABASE_URL, SEED_PRODUCTS, IP_FILTER_ENABLED, IP_FILTER_ALLOWED_ADDRESS,
 * BUILD_ID, BUILD_TIMESTAMP, CACHE_TTL_MS, SHUTDOWN_DRAIN_MS, MAINTENANCE_MESSAGE, PUBLIC_ORIGIN (and, through
 * images/config.ts, IMAGE_RENDER_CONCURRENCY, IMAGE_RENDER_QUEUE and IMAGE_CACHE_MAX_BYTES; through notifications/config.ts, SMTP_URL,
 * MAIL_FROM and the MAIL_* delivery settings).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const startedAt = Date.now();
  return {
    port: integer(env.PORT, 3000, 'PORT'),
    dataDir: resolve(env.DATA_DIR || './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedProducts: integer(env.SEED_PRODUCTS, DEFAULT_SEED_PRODUCTS, 'SEED_PRODUCTS'),
    ipFilter: {
      enabled: flag(env.IP_FILTER_ENABLED, 'IP_FILTER_ENABLED'),
      allowedAddress: env.IP_FILTER_ALLOWED_ADDRESS ?? '',
    },
    build: {
      id: env.BUILD_ID || `dev-${startedAt.toString(36)}`,
      timestamp: integer(env.BUILD_TIMESTAMP, startedAt, 'BUILD_TIMESTAMP'),
    },
    cacheTtlMs: integer(env.CACHE_TTL_MS, 2000, 'CACHE_TTL_MS'),
    shutdownDrainMs: integer(env.SHUTDOWN_DRAIN_MS, 10_000, 'SHUTDOWN_DRAIN_MS'),
    accounts: loadAccountConfig(env),
    commerce: loadCommerceConfig(env),
    maintenanceMessage: env.MAINTENANCE_MESSAGE || undefined,
    publicOrigin: origin(env.PUBLIC_ORIGIN, 'PUBLIC_ORIGIN'),
    images: loadImageConfig(env),
    mail: loadMailConfig(env),
  };
}
