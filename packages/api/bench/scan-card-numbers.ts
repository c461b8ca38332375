// The log scan of CI's PostgreSQL run (the `pg` suite of scripts/check.mjs).
//
// Card numbers: a `pg_dump --data-only` of every database of the cluster at DATABASE_URL (the
// API suite keeps its test databases until now when KEEP_TEST_DBS=1), the PostgreSQL server's
// log (POSTGRES_LOG, from scripts/with-postgres.sh) and the files named on the command line (the
// suites' captured output, which holds the crash test's server log) hold none
// (card-scan.ts `scanForCardNumbers`).
//
// Personal data: the files named on the command line hold no e-mail address, scrypt password
// hash or session cookie (lib/personal-data.ts `scanForPersonalData`, the patterns the shop's
// log masks). Not the dumps, where members' e-mail addresses and hashes belong, and not the
// PostgreSQL log, whose DETAIL lines quote rows like a dump does (`Key (email)=(…) already
// exists`): see docs/reliability.md.
//
// It first plants a test card number in a database of its own and in the server's log, and one
// of each kind of personal data in a file it scans like the others, and fails unless it finds
// each there: a scan that cannot see (a dump without the rows, another log, a pattern gone
// blind) would otherwise pass. `--kept <prefix>` fails it unless a database's name starts with
// the prefix (the test databases were kept). Prints one JSON line, and each finding masked (a
// card number) or by kind and line only (personal data).
//
//   tsx bench/scan-card-numbers.ts [--kept <prefix>]... [file]...
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword } from '../src/auth/password';
import { newSessionId } from '../src/auth/session-token';
import { type PersonalDataKind, scanForPersonalData } from '../src/lib/personal-data';
import { maskCardNumber, scanForCardNumbers } from '../src/payments/card-scan';
import { databaseUrl } from '../test/support/postgres-admin';
import { requireEnv } from './lib/postgres';

/** A Luhn-valid test card number (a gateway's test Visa debit card) used by no test. */
const PLANTED = '4000056655665556';
const PLANTED_MASKED = maskCardNumber(PLANTED);
const PLANTED_DATABASE = 'card_scan_planted';

const {
  DATABASE_URL: url,
  POSTGRES_BIN: postgresBin,
  POSTGRES_LOG: serverLog,
} = requireEnv('the card-number scan', ['DATABASE_URL', 'POSTGRES_BIN', 'POSTGRES_LOG']);

const kept: string[] = [];
const files: string[] = [];
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i] as string;
  if (arg === '--kept') kept.push(process.argv[++i] ?? '');
  else files.push(arg);
}

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`drop database if exists ${PLANTED_DATABASE}`);
await admin.query(`create database ${PLANTED_DATABASE}`);
const planter = new pg.Client({ connectionString: databaseUrl(url, PLANTED_DATABASE) });
await planter.connect();
await planter.query('create table planted (note text)');
await planter.query('insert into planted values ($1)', [`planted by the scan: ${PLANTED}`]);
await planter.query(`do $$ begin raise log 'planted by the card-number scan: ${PLANTED}'; end $$`);
await planter.end();
const { rows: databases } = await admin.query<{ name: string }>(
  'select datname as name from pg_database where datallowconn order by datname',
);

const problems: string[] = [];
let leaks = 0;
let planted = 0;
/** Counts what a source holds: the planted number where it was planted, anything else a leak. */
function scan(source: string, text: string, plantedHere: boolean) {
  let found = 0;
  for (const finding of scanForCardNumbers(text)) {
    if (plantedHere && finding.masked === PLANTED_MASKED) {
      found++;
      continue;
    }
    leaks++;
    console.error(`card number in ${source}, line ${finding.line}: ${finding.masked}`);
  }
  if (plantedHere && found === 0)
    problems.push(`the planted card number was not found in ${source}`);
  planted += found;
}

let dumpBytes = 0;
for (const { name } of databases) {
  const dump = execFileSync(`${postgresBin}/pg_dump`, ['--data-only', databaseUrl(url, name)], {
    maxBuffer: 1024 * 1024 * 1024,
  }).toString();
  dumpBytes += dump.length;
  scan(`database ${name}`, dump, name === PLANTED_DATABASE);
}
await admin.query(`drop database ${PLANTED_DATABASE}`);
await admin.end();

const log = readFileSync(serverLog, 'utf8');
scan(`the PostgreSQL log ${serverLog}`, log, true);
/** Personal data found in the files; the planted file's own are counted apart. */
let personalData = 0;
const plantedKinds = new Set<PersonalDataKind>();
function scanPersonal(source: string, text: string, plantedHere: boolean) {
  for (const finding of scanForPersonalData(text)) {
    if (plantedHere) {
      plantedKinds.add(finding.kind);
      continue;
    }
    personalData++;
    console.error(`${finding.kind.replace('_', ' ')} in ${source}, line ${finding.line}`);
  }
}

// One of each kind, as the shop would write them: read back through the same path as the files.
const plantedDir = mkdtempSync(join(tmpdir(), 'log-scan-'));
const plantedFile = join(plantedDir, 'planted.log');
writeFileSync(
  plantedFile,
  [
    'planted by the log scan:',
    'registration of planted.by.the.scan@example.jp failed',
    `params: ${await hashPassword('planted by the scan', { logN: 10, r: 8, p: 1 })}`,
    `cookie: sid=${newSessionId()}`,
  ].join('\n'),
);
scanPersonal(plantedFile, readFileSync(plantedFile, 'utf8'), true);
rmSync(plantedDir, { recursive: true, force: true });
for (const kind of ['email', 'password_hash', 'session_id'] as const) {
  if (!plantedKinds.has(kind)) problems.push(`the planted ${kind} was not found`);
}

let fileBytes = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  if (text.length === 0) problems.push(`${file} is empty`);
  fileBytes += text.length;
  scan(file, text, false);
  scanPersonal(file, text, false);
}
for (const prefix of kept) {
  if (!databases.some((d) => d.name.startsWith(prefix)))
    problems.push(`no database named ${prefix}… was kept (KEEP_TEST_DBS=1)`);
}
for (const problem of problems) console.error(problem);

const ok = leaks === 0 && personalData === 0 && problems.length === 0;
console.log(
  JSON.stringify({
    ok,
    databases: databases.length,
    dump_bytes: dumpBytes,
    server_log_bytes: log.length,
    files: files.length,
    file_bytes: fileBytes,
    planted_found: planted,
    card_numbers: leaks,
    planted_personal_kinds_found: plantedKinds.size,
    personal_data: personalData,
    problems: problems.length,
  }),
);
process.exit(ok ? 0 : 1);
