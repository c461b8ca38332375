import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock';

/** Where the database to back up or restore is: a PostgreSQL server, or the embedded folder. */
export type BackupTarget = { databaseUrl: string } | { dataDir: string };

/**
 * A PostgreSQL program (pg_dump, pg_restore) of POSTGRES_BIN when set (the server's own
 * version: pg_dump refuses a newer server), else the one on PATH.
 */
function program(name: string): string {
  return process.env.POSTGRES_BIN ? join(process.env.POSTGRES_BIN, name) : name;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * Writes a backup of the whole database to `file`: pg_dump's custom format for a server (taken
 * in one snapshot while the shop runs), or the embedded folder as PGlite's gzip tarball
 * (dumpDataDir; the folder is locked meanwhile, so the server must be stopped).
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if ('databaseUrl' in target) {
    await run(program('pg_dump'), ['--format=custom', '--file', file, target.databaseUrl]);
    return;
  }
  if (!existsSync(target.dataDir)) throw new Error(`no embedded database in ${target.dataDir}`);
  const release = lockDataDir(target.dataDir);
  try {
    const client = await PGlite.create({ dataDir: target.dataDir, extensions: { pg_trgm } });
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    release();
  }
}

/**
 * Replaces the database with the backup in `file`. On a server, pg_restore drops and recreates
 * each object in one transaction (all or nothing); stop the shop's instances first. The
 * embedded folder is emptied and loaded from the tarball (loadDataDir), under its lock.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if ('databaseUrl' in target) {
    await run(program('pg_restore'), [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--dbname',
      target.databaseUrl,
      file,
    ]);
    return;
  }
  const dump = new Blob([readFileSync(file)]);
  mkdirSync(target.dataDir, { recursive: true });
  const release = lockDataDir(target.dataDir);
  try {
    rmSync(target.dataDir, { recursive: true, force: true });
    const client = await PGlite.create({
      dataDir: target.dataDir,
      extensions: { pg_trgm },
      loadDataDir: dump,
    });
    await client.close();
  } finally {
    release();
  }
}
