import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppConfig, loadConfig } from '../src/config/app';
import { type Database, openDatabase } from '../src/db/client';
import { DataDirInUseError } from '../src/db/data-dir-lock';

/**
 * The repository root's .data, where `pnpm start` keeps the embedded database: it runs in
 * examples/storefront, whose server (server/main.ts) defaults DATA_DIR to this folder.
 */
export const ROOT_DATA_DIR = fileURLToPath(new URL('../../../.data', import.meta.url));

/**
 * The configuration of the root's scripts (`pnpm seed`, the operator CLI). They run in
 * packages/api (`pnpm --filter @shop/api ...`), where loadConfig's `./.data` would be
 * packages/api/.data, a database `pnpm start` never serves; without DATA_DIR they use
 * ROOT_DATA_DIR instead.
 */
export function loadScriptConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return loadConfig({ ...env, DATA_DIR: env.DATA_DIR || ROOT_DATA_DIR });
}

/**
 * The scripts' database: the server's (DATABASE_URL), or the embedded one in DATA_DIR. While
 * `pnpm start` has the embedded one open, a script's writes would be lost (PGlite is one
 * process's), so the script stops here with what to do instead, and exit code 1.
 */
export async function openScriptDatabase(config: AppConfig): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: join(config.dataDir, 'pglite'),
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
