import { resolve } from 'node:path';
import {
  bearerTokenVariable,
  integerVariable,
  optionalTextVariable,
  parseVariables,
  readFlag,
  readInteger,
  variable,
} from '../lib/environment';
import { LOG_LEVELS, type LogLevel } from '../observability/logger';
import { ACCOUNT_VARIABLES, type AccountConfig, loadAccountConfig } from './accounts';
import { COMMERCE_VARIABLES, type CommerceConfig, loadCommerceConfig } from './commerce';
import { IMAGE_VARIABLES, type ImageConfig, loadImageConfig } from './images';
import { loadMailConfig, MAIL_VARIABLES, type MailConfig } from './mail';

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
  /** Sessions, cookies, password hashing, throttles and the bot check (see config/accounts.ts). */
  accounts: AccountConfig;
  /** Card gateway, checkout lease and operator token (see config/commerce.ts). */
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
  /** Concurrent renders, their queue and the disk cache's cap of /_image (see config/images.ts). */
  images: ImageConfig;
  /** SMTP relay or local mailbox, From address, and the delivery workers (see config/mail.ts). */
  mail: MailConfig;
  /** LOG_LEVEL: the least severe level the log writes. */
  logLevel: LogLevel;
  /** TEST_CLOCK: end-to-end tests may move the shop's clock and run jobs (/api/operator/test/). */
  testClock: boolean;
  /** METRICS_PATH and METRICS_TOKEN: where the metrics are served, and to whom (routes/metrics.ts). */
  metrics: { path: string; token: string | undefined };
}

/** Default number of demo products a first start seeds: small enough to seed in seconds. */
export const DEFAULT_SEED_PRODUCTS = 3000;

/** Default METRICS_PATH. */
export const DEFAULT_METRICS_PATH = '/metrics';

const ORIGIN_FORM = 'must be an origin such as https://shop.example';

/** An origin (`scheme://host[:port]`), refusing paths, queries, credentials and other schemes. */
function readOrigin(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!URL.canParse(raw)) throw new Error(`${ORIGIN_FORM} (got ${raw})`);
  const url = new URL(raw);
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare) {
    throw new Error(`${ORIGIN_FORM} (got ${raw})`);
  }
  return url.origin;
}

/**
 * A PostgreSQL connection URL. Checked here, before any work: a value that is no such URL would
 * otherwise surface as a driver or migration error (`CREATE SCHEMA` failing) after a long wait.
 * The value is never repeated in the message, as it holds the database's password.
 */
function readDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const form =
    'must be a PostgreSQL connection URL such as postgres://user:password@db.internal:5432/shop (the value is not shown: it may hold a password)';
  if (!URL.canParse(raw)) throw new Error(form);
  const url = new URL(raw);
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error(`${form}; its scheme is ${url.protocol}`);
  }
  if (url.port !== '' && readInteger(url.port, 0, { min: 1, max: 65535 }) === 0) {
    throw new Error(form);
  }
  return raw;
}

/** The server's own variables; with the areas' ones, CONFIG_VARIABLES. */
const SERVER_VARIABLES = {
  PORT: integerVariable('listening port (0 to 65535; 0: any free port)', 3000, { max: 65535 }),
  DATA_DIR: variable(
    {
      default: "the repository root's `.data`",
      description:
        'PGlite database and image cache (`pnpm start`, `pnpm seed` and the operator CLI)',
    },
    (raw) => resolve(raw ?? './.data'),
  ),
  DATABASE_URL: variable(
    {
      default: 'unset',
      description:
        'use this PostgreSQL server instead of PGlite: a `postgres://` or `postgresql://` URL, refused at start otherwise',
    },
    readDatabaseUrl,
  ),
  SEED_PRODUCTS: integerVariable(
    'products seeded into an empty database on start (`0`: none)',
    DEFAULT_SEED_PRODUCTS,
  ),
  CACHE_TTL_MS: integerVariable('how long catalog reads may be served from memory', 2000),
  SHUTDOWN_DRAIN_MS: integerVariable(
    'on SIGTERM, how long requests in flight may take before they are cut (see "Starting and stopping")',
    10_000,
  ),
  IP_FILTER_ENABLED: variable(
    {
      default: 'off',
      description:
        "the spec's IP filter: 403 `お使いの環境は権限がありません。(1)`/`(2)` for any client address but `IP_FILTER_ALLOWED_ADDRESS` (as `TRUST_PROXY` decides it). `true`/`1` or `false`/`0`; any other spelling stops the start. Public catalog answers are then never marked cacheable",
    },
    readFlag,
  ),
  TEST_CLOCK: variable(
    {
      default: 'off',
      description:
        "test-only: `true`/`1` lets end-to-end tests move the shop's clock and run a scheduled job at once (`/api/operator/test/`, operator token). Refused when `NODE_ENV` is `production`",
    },
    readFlag,
  ),
  IP_FILTER_ALLOWED_ADDRESS: variable(
    { default: 'unset', description: 'the one client address the IP filter lets in' },
    (raw) => raw ?? '',
  ),
  BUILD_ID: variable(
    {
      default: 'a new id at each start',
      description:
        'the API run alone (`packages/api/src/main.ts`) only: the build id its new-build check reports. `pnpm start` ignores it and reports its client build\'s id (see "Build identity")',
    },
    (raw) => raw,
  ),
  BUILD_TIMESTAMP: variable(
    {
      default: 'the start time',
      description:
        "the API run alone only: that build's time, in ms since 1970 (`pnpm start`: its client build's)",
    },
    (raw) => (raw === undefined ? undefined : readInteger(raw, 0)),
  ),
  MAINTENANCE_MESSAGE: optionalTextVariable('shown to shoppers in the maintenance modal'),
  PUBLIC_ORIGIN: variable(
    {
      default: 'the origin a request arrived at',
      description:
        "the origin shoppers use (`https://shop.example`), behind a TLS-terminating proxy: the CSRF origin check compares a state change's `Origin` with it (unset: with the origin the request arrived at, which is `http://…` behind such a proxy, so every POST would be refused `csrf_origin`). Redirects are relative and never built from a request's Host",
    },
    readOrigin,
  ),
  LOG_LEVEL: variable(
    {
      default: '`info`',
      description:
        '`fatal`, `error`, `warn`, `info` (one access line per request), `debug`, `trace` or `silent`',
    },
    (raw): LogLevel => {
      const level = raw ?? 'info';
      if (!(LOG_LEVELS as readonly string[]).includes(level)) {
        throw new Error(`must be one of ${LOG_LEVELS.join(', ')} (got ${level})`);
      }
      return level as LogLevel;
    },
  ),
  METRICS_PATH: variable(
    {
      default: `\`${DEFAULT_METRICS_PATH}\``,
      description: 'where the Prometheus metrics are served (see "Metrics")',
    },
    (raw) => {
      const path = raw ?? DEFAULT_METRICS_PATH;
      if (!/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(path) || path.startsWith('/api/')) {
        throw new Error(`must be a path such as /metrics, outside /api/ (got ${path})`);
      }
      return path;
    },
  ),
  METRICS_TOKEN: bearerTokenVariable(
    'metrics to loopback only',
    'bearer token (32+ characters) a scraper sends for the metrics from any address; unset, only a direct connection from the same host may read them',
  ),
};

/**
 * Every environment variable the shop's server reads, with its default and what it does: the
 * one schema the configuration is parsed with at start, and the source of docs/operations.md's
 * Configuration table (test/config-docs.test.ts keeps the two equal).
 */
export const CONFIG_VARIABLES = {
  ...SERVER_VARIABLES,
  ...ACCOUNT_VARIABLES,
  ...COMMERCE_VARIABLES,
  ...IMAGE_VARIABLES,
  ...MAIL_VARIABLES,
};

/**
 * Reads the configuration from the environment (CONFIG_VARIABLES), refusing at once, with one
 * message naming each, every variable it cannot read: before the server opens the database.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const vars = parseVariables(CONFIG_VARIABLES, env);
  if (vars.TEST_CLOCK && env.NODE_ENV === 'production') {
    throw new Error('TEST_CLOCK: test-only, refused when NODE_ENV is production');
  }
  const startedAt = Date.now();
  return {
    port: vars.PORT,
    dataDir: vars.DATA_DIR,
    databaseUrl: vars.DATABASE_URL,
    seedProducts: vars.SEED_PRODUCTS,
    ipFilter: { enabled: vars.IP_FILTER_ENABLED, allowedAddress: vars.IP_FILTER_ALLOWED_ADDRESS },
    build: {
      id: vars.BUILD_ID ?? `dev-${startedAt.toString(36)}`,
      timestamp: vars.BUILD_TIMESTAMP ?? startedAt,
    },
    cacheTtlMs: vars.CACHE_TTL_MS,
    shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS,
    accounts: loadAccountConfig(env),
    commerce: loadCommerceConfig(env),
    maintenanceMessage: vars.MAINTENANCE_MESSAGE,
    publicOrigin: vars.PUBLIC_ORIGIN,
    images: loadImageConfig(env),
    mail: loadMailConfig(env),
    logLevel: vars.LOG_LEVEL,
    metrics: { path: vars.METRICS_PATH, token: vars.METRICS_TOKEN },
    testClock: vars.TEST_CLOCK,
  };
}
