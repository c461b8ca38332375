// The public surface of @shop/api for the storefront's server and for tools.
export { type App, type AppDeps, createApp } from './app';
export { type AppConfig, CONFIG_VARIABLES, DEFAULT_SEED_PRODUCTS, loadConfig } from './config/app';
export { type Database, type DatabaseOptions, openDatabase } from './db/client';
export { ApiError, type ErrorBody } from './errors';
export { seedDatabase } from './seed/seed';
export {
  createDeps,
  type RunningServer,
  type StartOptions,
  startServer,
  stopOnSignals,
} from './server';
