import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import { type App, createApp } from './app';
import { type AppConfig, loadConfig } from './config';
import { openDatabase } from './db/client';
import type { AppDeps } from './deps';
import { consoleLog } from './errors';
import { createPaymentGateway } from './orders/payment-gateway';
import { isCatalogEmpty, seedDatabase } from './seed/seed';
import { seedLegacyAccounts } from './services/legacy-seed';
import { ordersForWithdrawal, recoverPayments, schedulePaymentRecovery } from './services/orders';
import { schedulePurge } from './services/purge-expired';

/**
 * Opens the database the configuration names (PGlite in DATA_DIR, or DATABASE_URL), applies
 * pending migrations, and seeds the demo catalog into an empty database.
 */
export async function createDeps(config: AppConfig = loadConfig()): Promise<AppDeps> {
  const log = consoleLog;
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
  const now = () => new Date();
  const deps: AppDeps = {
    db,
    config,
    now,
    log,
    payments: createPaymentGateway(config.commerce, db, now),
    memberOrders: ordersForWithdrawal,
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
  close(): Promise<void>;
}

/** Starts the shop on PORT: database, migrations, first-start seed, then HTTP. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = options.config ?? loadConfig();
  const deps = await createDeps(config);
  const app = createApp(deps);
  const stopRecovery = schedulePaymentRecovery(deps);
  const stopPurge = schedulePurge(deps);
  await options.configure?.(app, deps);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port }, () => resolve(s));
  });
  const url = `http://localhost:${config.port}`;
  deps.log(`shop listening on ${url} (${deps.db.kind})`);
  return {
    app,
    deps,
    server,
    url,
    async close() {
      stopRecovery();
      stopPurge();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.db.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const running = await startServer();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.close().then(() => process.exit(0));
    });
  }
}
