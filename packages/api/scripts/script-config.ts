import { fileURLToPath } from 'node:url';
import { type AppConfig, loadConfig } from '../src/config';

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
