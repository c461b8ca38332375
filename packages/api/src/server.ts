import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { createTurnstileVerifier } from './accounts/turnstile';
import { type App, createApp } from './app';
import { type AppConfig, loadConfig } from './config/app';
import { openDatabase } from './db/client';
import type { AppDeps } from './deps';
import { createTestClock } from './lib/test-clock';
import { startNotifications } from './notifications/start';
import { createLogger, logFunction } from './observability/logger';
import { ShopMetrics } from './observability/metrics';
import { assertPortFree } from './observability/port';
import { createPaymentGateway } from './payments/create-gateway';
import { isCatalogEmpty, seedDatabase } from './seed/seed';
import { seedLegacyAccounts } from './services/legacy-seed';
import { ordersForWithdrawal, recoverPayments, schedulePaymentRecovery } from './services/orders';
import { schedulePurge } from './services/purge-expired';
import { announceSetup } from './staff/setup';

/**
 * Opens the database the configuration names (PGlite in DATA_DIR, or DATABASE_URL), applies
 * pending migrations, and seeds the demo catalog into an empty database.
 */
export async function createDeps(config: AppConfig = loadConfig()): Promise<AppDeps> {
  const logger = createLogger({ level: config.logLevel });
  const log = logFunction(logger);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
  });
  await db.migrate();
  // Several instances may start at once on one empty database: one seeds, the others wait and
  // then find the accounts and the catalog there.
  await db.exclusively(async () => {
    // The old shop's demo accounts, so takeover can be tried on any fresh database.
    await seedLegacyAccounts(db, config.accounts.password);
    if (config.seedProducts > 0 && (await isCatalogEmpty(db))) {
      const started = Date.now();
      log(`seeding a demo catalog of ${config.seedProducts} products…`);
      await seedDatabase(db, { products: config.seedProducts, now: new Date() });
      log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  });
  const testClock = config.testClock ? createTestClock() : undefined;
  const now = testClock?.now ?? (() => new Date());
  const deps: AppDeps = {
    db,
    config,
    now,
    ...(testClock === undefined ? {} : { testClock }),
    log,
    logger,
    metrics: new ShopMetrics({ processMetrics: true }),
    payments: createPaymentGateway(config.commerce, db, now),
    memberOrders: ordersForWithdrawal,
    // Off (every contact message passes the bot check) unless BOT_CHECK_* configure Turnstile.
    ...(config.accounts.botCheck
      ? { botCheck: createTurnstileVerifier(config.accounts.botCheck, log) }
      : {}),
  };
  // Checkouts and cancellations a previous process left half-way: void their authorisations.
  await recoverPayments(deps);
  return deps;
}

export interface StartOptions {
  config?: AppConfig;
  /** Adds routes to the app before it listens (the storefront's server renderer). */
  configure?: (app: App, deps: AppDeps) => void | Promise<void>;
}

export interface RunningServer {
  app: App;
  deps: AppDeps;
  server: ServerType;
  url: string;
  /**
   * Stops the server: readiness answers 503, no new connection is accepted, requests in flight
   * are answered (each with `Connection: close`) for up to SHUTDOWN_DRAIN_MS and then cut, and
   * the database is closed.
   */
  close(): Promise<void>;
}

/**
 * Counts the requests in flight of a server that may start draining: while it drains, each
 * answer closes its connection and a connection idle after its answer is closed at once, so
 * keep-alive clients go elsewhere instead of sending their next request into a closing socket.
 */
function trackRequests(server: Server, lifecycle: { draining: boolean }) {
  let inFlight = 0;
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight += 1;
    if (lifecycle.draining && !response.headersSent) response.setHeader('Connection', 'close');
    response.on('close', () => {
      inFlight -= 1;
      if (lifecycle.draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    get inFlight() {
      return inFlight;
    },
  };
}

/** Starts the shop on PORT: database, migrations, first-start seed, then HTTP. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = options.config ?? loadConfig();
  await assertPortFree(config.port);
  const lifecycle = { draining: false };
  const deps: AppDeps = { ...(await createDeps(config)), lifecycle };
  const app = createApp(deps);
  const stopRecovery = schedulePaymentRecovery(deps);
  const stopPurge = schedulePurge(deps);
  // Mail delivery and scheduled jobs (and /dev/mailbox, before the storefront takes every path).
  const stopNotifications = await startNotifications(app, deps);
  await options.configure?.(app, deps);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port }, () => resolve(s));
  });
  const http = server as Server;
  const requests = trackRequests(http, lifecycle);
  const url = `http://localhost:${config.port}`;
  deps.log(`shop listening on ${url} (${deps.db.kind})`);
  await announceSetup(deps, config.publicOrigin ?? url);
  return {
    app,
    deps,
    server,
    url,
    async close() {
      lifecycle.draining = true;
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      deps.log(
        `stopping: no new connections; ${requests.inFlight} requests in flight get up to ${config.shutdownDrainMs} ms`,
      );
      const cut = setTimeout(() => {
        deps.log(
          `stopping: ${requests.inFlight} requests still in flight after ${config.shutdownDrainMs} ms are cut`,
        );
        http.closeAllConnections();
      }, config.shutdownDrainMs);
      await closed;
      clearTimeout(cut);
      await Promise.all([stopRecovery(), stopPurge(), stopNotifications()]);
      await deps.db.close();
    },
  };
}

/**
 * SIGTERM or SIGINT (Ctrl+C) stops the server as `close` does and exits 0 (1 if stopping
 * failed); a second signal while it drains exits at once.
 */
export function stopOnSignals(running: RunningServer): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    running.deps.log(`${signal}: stopping`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        running.deps.log('stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
