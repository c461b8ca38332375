// The database's maintenance, on the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR, by default the repository root's .data that `pnpm start` serves):
//
//   pnpm db:backup <file>    a backup of the whole database (pg_dump's custom format on a
//                            server; PGlite's gzip tarball of the embedded folder)
//   pnpm db:restore <file>   replaces the database with that backup
//   pnpm db:reset            empties the embedded demo database (the next start seeds it anew)
//
// The embedded database is one process's: while `pnpm start` runs on it, each of these stops
// with exit code 1 and says so. A relative <file> is read from the folder the command was run in.
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BackupTarget, backupDatabase, restoreDatabase } from '../src/db/backup';
import { lockDataDir } from '../src/db/data-dir-lock';
import { loadScriptConfig } from './script-config';

const USAGE = 'usage: db backup <file> | restore <file> | reset';
const [command, file] = process.argv.slice(2);
const config = loadScriptConfig();
const dataDir = join(config.dataDir, 'pglite');
const target: BackupTarget = config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir };
// pnpm runs this in packages/api; INIT_CWD is where the user typed the command.
const path = (name: string) => resolve(process.env.INIT_CWD ?? process.cwd(), name);
const where = config.databaseUrl ? 'DATABASE_URL' : dataDir;

try {
  if (command === 'backup' && file) {
    await backupDatabase(target, path(file));
    console.log(`backed up ${where} to ${path(file)}`);
  } else if (command === 'restore' && file) {
    if (!existsSync(path(file))) throw new Error(`no backup at ${path(file)}`);
    await restoreDatabase(target, path(file));
    console.log(`restored ${where} from ${path(file)}`);
  } else if (command === 'reset') {
    if (config.databaseUrl) {
      throw new Error(
        'db:reset empties the embedded demo database only; for a server, drop and create its database',
      );
    }
    const release = lockDataDir(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    release();
    console.log(`emptied ${dataDir}: the next start migrates it and seeds the demo catalog`);
  } else {
    console.error(USAGE);
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
