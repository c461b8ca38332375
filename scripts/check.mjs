#!/usr/bin/env node
// The project's test command. Runs every check of a suite in order (the steps of a `together`
// group at the same time: the browser suite's three runs), counts vitest and Playwright tests
// from their JSON reports (CI reads only a plain `N passed, N failed` line), counts every other
// check as one, and exits non-zero when anything failed.
//
//   node scripts/check.mjs            the README's test command (suite "default")
//   node scripts/check.mjs pg         the API suite, the crash tests, the scale-out test (nginx),
//                                     the reservation rush (bench:rush, reduced) and the log scan
//                                     (card numbers, personal data) against $DATABASE_URL (inside
//                                     scripts/with-postgres.sh)
//   node scripts/check.mjs e2e        the browser suite
//   node scripts/check.mjs --total default pg ...
//                                     sums the summaries the named suites left in .reports/; a
//                                     suite that left none (it could not run, or did not finish)
//                                     counts as one failed check
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.reports');
mkdirSync(reports, { recursive: true });

// A step with `capture: true` also writes its output to .reports/<suite>-<index>.log; a vitest
// step with `config` runs that configuration instead of the workspace's projects. Consecutive
// steps of one `together` group run at the same time (each on its own servers, ports and
// databases), their output kept in .reports/<suite>-<index>.log and printed whole as each ends.
const vitest = (name, projects, env = {}, options = {}) => ({
  name,
  kind: 'vitest',
  projects,
  env,
  ...options,
});
const command = (name, cmd, env = {}, options = {}) => ({
  name,
  kind: 'command',
  cmd,
  env,
  ...options,
});
const playwright = (name, dir, env = {}, options = {}) => ({
  name,
  kind: 'playwright',
  dir,
  env,
  ...options,
});

/** Left by the default suite's build when it succeeded (.ci/run clears .reports/ first). */
const BUILT_MARK = join(reports, 'default-build.done');

const RULES_TIME_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo'];

// The API suite keeps its test databases (KEEP_TEST_DBS=1) and the crash test writes into the
// cluster's own database, so the card-number scan after them dumps every database the run
// wrote; it also reads the PostgreSQL log and both steps' captured output (the crash test's
// includes its shop servers' log), which must also hold no e-mail address, password hash or
// session cookie (docs/reliability.md).
const pgRuns = [
  ...projectsIn(['api']).map((p) =>
    vitest(`${p} on PostgreSQL`, [p], { KEEP_TEST_DBS: '1' }, { capture: true }),
  ),
  command(
    'crash test: SIGKILL during checkouts on PostgreSQL (test:crash)',
    'pnpm --filter @shop/api exec tsx bench/crash.ts',
    {},
    { capture: true },
  ),
  command(
    'crash test: SIGKILL during mail delivery on PostgreSQL (test:notify-crash)',
    'pnpm --filter @shop/api exec tsx bench/notify-crash.ts',
    {},
    { capture: true },
  ),
  command(
    'scale-out test: two compiled servers behind nginx with TLS, SIGKILL and SIGTERM under traffic (test:scale-out)',
    'pnpm --filter @shop/api exec tsx bench/scale-out.ts',
    {},
    { capture: true },
  ),
  // The rush's invariants at 600 members (its figures, at 10,000, are for docs/performance.md).
  command(
    'reservation rush on two servers: nothing oversold, sold early or left unanswered (bench:rush, 600 members)',
    'pnpm --filter @shop/api exec tsx bench/rush.ts',
    { MEMBERS: '600', CONCURRENCY: '128', WARMUP: '100' },
    { capture: true },
  ),
];
const pgCardScan = command(
  'no card number in any database, the PostgreSQL log or the output above; no e-mail address, password hash or session id in the output above',
  [
    'pnpm --filter @shop/api exec tsx bench/scan-card-numbers.ts',
    '--kept shop_test_seeded_ --kept shop_test_migrated_',
    ...pgRuns.map((_, i) => shellQuote(logOf('pg', i))),
    // The scale-out test's servers write their log there (their access lines, not its output).
    shellQuote(join(reports, 'scale-out-servers.log')),
  ].join(' '),
);

const suites = {
  default: [
    command('typecheck', 'pnpm run typecheck'),
    command('lint and format', 'pnpm exec biome ci .'),
    command(
      'build',
      `rm -f ${shellQuote(BUILT_MARK)} && pnpm run build && touch ${shellQuote(BUILT_MARK)}`,
    ),
    ...RULES_TIME_ZONES.map((tz) => vitest(`rules (TZ=${tz})`, ['rules'], { TZ: tz })),
    ...projectsExcept(['rules']).map((p) => vitest(p, [p])),
    command('publint --strict @shop/rules', 'pnpm --filter @shop/rules run publint'),
    command('attw --pack @shop/rules', 'pnpm --filter @shop/rules run attw'),
    command('size budget @shop/rules', 'pnpm --filter @shop/rules run size'),
    // The root build (step "build" above) has built the storefront's client bundle.
    command('first-load JS budget @shop/storefront', 'pnpm --filter @shop/storefront run size'),
    command(
      'API report @shop/rules unchanged (after a deliberate change: pnpm --filter @shop/rules run api:update)',
      'pnpm --filter @shop/rules run api:check',
    ),
    command('unit tests of the API semver check', 'node --test scripts/api-semver.test.mjs'),
    command(
      'no removal or narrowing of @shop/rules since its release without a major changeset',
      'node scripts/api-semver.mjs',
    ),
    command('API reference @shop/rules (TypeDoc, links checked)', 'pnpm docs:rules'),
    command(
      'consumer test: the packed @shop/rules in npm projects',
      'node scripts/consumer-test.mjs',
    ),
    command(
      'build identity: two builds of the same tree, one id (scripts/check-build-id.mjs)',
      'node scripts/check-build-id.mjs',
    ),
    command(
      'SIGTERM to pnpm start stops the compiled server (scripts/check-start-stop.mjs)',
      'node scripts/check-start-stop.mjs',
    ),
    command(
      'pnpm dev serves from source and restarts on an API change (scripts/check-dev.mjs)',
      'node scripts/check-dev.mjs',
    ),
  ],
  pg: [...pgRuns, pgCardScan],
  e2e: [
    // Not twice in one CI run: .ci/run sets E2E_BUILT=1 after its default suite, whose build
    // (pnpm run build, every package) left its mark when it succeeded on this same tree.
    command(
      'build for the browser suite',
      process.env.E2E_BUILT === '1' && existsSync(BUILT_MARK)
        ? 'echo "built by the default suite of this CI run"'
        : 'pnpm --filter @shop/rules run build && pnpm --filter @shop/storefront run build && pnpm --filter @shop/backoffice run build',
    ),
    // Three independent runs (their own servers, ports and databases), each mostly waiting on one
    // core for a page or a server answer one at a time: together they use both cores of a CI
    // machine (docs/performance.md "CI duration").
    playwright('storefront in chromium', 'examples/storefront', {}, { together: 'browser' }),
    playwright(
      'back office in chromium (1280 and 768 px)',
      'examples/backoffice',
      {},
      { together: 'browser' },
    ),
    vitest(
      'rules in chromium (Vitest browser mode)',
      [],
      {},
      { config: 'packages/rules/vitest.browser.config.ts', together: 'browser' },
    ),
  ],
};

function workspaceProjects() {
  const text = readFileSync(join(root, 'vitest.workspace.ts'), 'utf8');
  return [...text.matchAll(/name:\s*'([\w-]+)'/g)].map((m) => m[1]);
}
function projectsExcept(excluded) {
  return workspaceProjects().filter((p) => !excluded.includes(p));
}
function projectsIn(wanted) {
  return workspaceProjects().filter((p) => wanted.includes(p));
}

function logOf(suite, index) {
  return join(reports, `${suite}-${index}.log`);
}
function shellQuote(text) {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Runs a program to its end and resolves to its exit status (null when it could not start or
 * was killed). With `log`, its output goes into that file too, and to the terminal unless
 * `quiet` (a step running together with others prints its log when it ends).
 */
function runProgram(cmd, args, options, log, quiet = false) {
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      ...options,
      stdio: log ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    });
    const file = log ? createWriteStream(log) : undefined;
    if (file) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        from.on('data', (chunk) => {
          if (!quiet) to.write(chunk);
          file.write(chunk);
        });
      }
    }
    child.once('error', (error) => {
      console.error(error.message);
      done(null);
    });
    child.once('close', (status) => (file ? file.end(() => done(status)) : done(status)));
  });
}

async function run(step, index, suite) {
  const env = { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
  const quiet = step.together !== undefined;
  const log = step.capture || quiet ? logOf(suite, index) : undefined;
  console.log(quiet ? `\n━━ ${step.name} (started)` : `\n━━ ${step.name}`);
  const program = (cmd, args, options) => runProgram(cmd, args, options, log, quiet);
  if (step.kind === 'command') {
    const status = await program(step.cmd, [], { cwd: root, env, shell: true });
    return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  }
  if (step.kind === 'playwright') return runPlaywright(step, env, program, logOf(suite, index));
  const out = join(reports, `${suite}-${index}.vitest.json`);
  rmSync(out, { force: true });
  const args = ['exec', 'vitest', 'run', '--config', step.config ?? 'vitest.workspace.ts'];
  for (const p of step.projects) args.push('--project', p);
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  const status = await program('pnpm', args, { cwd: root, env });
  if (!existsSync(out)) return { passed: 0, failed: 1 };
  const json = JSON.parse(readFileSync(out, 'utf8'));
  const passed = json.numPassedTests ?? 0;
  // A suite that could not load counts as a failure even when no test reported one.
  const failed = (json.numFailedTests ?? 0) + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  return { passed, failed };
}

// Counts from Playwright's JSON report: expected and flaky (passed on retry) tests pass,
// unexpected ones fail; a run that wrote no report, or failed with no failing test, counts one.
async function runPlaywright(step, env, program, log) {
  const out = log.replace(/\.log$/, '.playwright.json');
  rmSync(out, { force: true });
  const status = await program('pnpm', ['exec', 'playwright', 'test'], {
    cwd: join(root, step.dir),
    env: { ...env, E2E_JSON_REPORT: out },
  });
  if (!existsSync(out)) return { passed: 0, failed: 1 };
  const { stats = {} } = JSON.parse(readFileSync(out, 'utf8'));
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const failed = (stats.unexpected ?? 0) + (status !== 0 && !stats.unexpected ? 1 : 0);
  return { passed, failed };
}

function printLine({ passed, failed }) {
  console.log(`${passed} passed, ${failed} failed`);
}

/** The counts a suite's run left in .reports/, or undefined when it left none it finished. */
function summaryOf(suite) {
  try {
    const s = JSON.parse(readFileSync(join(reports, `${suite}.summary.json`), 'utf8'));
    return Number.isInteger(s.passed) && Number.isInteger(s.failed) ? s : undefined;
  } catch {
    return undefined;
  }
}

function unknownSuite(name) {
  console.error(`unknown suite "${name}"; known: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}

const arg = process.argv[2] ?? 'default';
if (arg === '--total') {
  const expected = process.argv.slice(3);
  if (expected.length === 0) {
    console.error('--total needs the suites that were meant to run, e.g. --total default pg');
    process.exit(2);
  }
  for (const suite of expected) if (!suites[suite]) unknownSuite(suite);
  const total = { passed: 0, failed: 0 };
  for (const suite of expected) {
    const s = summaryOf(suite);
    if (s === undefined) {
      console.log(
        `suite "${suite}" left no summary (it could not run or did not finish): 1 failed`,
      );
      total.failed += 1;
      continue;
    }
    total.passed += s.passed;
    total.failed += s.failed;
  }
  printLine(total);
  process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1);
}

const steps = suites[arg];
if (!steps) unknownSuite(arg);
rmSync(join(reports, `${arg}.summary.json`), { force: true });
const total = { passed: 0, failed: 0 };
const failures = [];
/** Runs a step, prints its time (to keep the suites within CI's budget) and counts it. */
async function timed(step, i) {
  const started = performance.now();
  const r = await run(step, i, arg);
  if (step.together !== undefined) {
    console.log(`\n━━ ${step.name}: output`);
    process.stdout.write(readFileSync(logOf(arg, i)));
  }
  console.log(`━━ ${step.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  total.passed += r.passed;
  total.failed += r.failed;
  if (r.failed) failures.push(step.name);
}
for (let i = 0; i < steps.length; ) {
  const group = steps[i].together;
  let end = i + 1;
  while (group !== undefined && steps[end]?.together === group) end += 1;
  const started = performance.now();
  await Promise.all(steps.slice(i, end).map((step, j) => timed(step, i + j)));
  if (end - i > 1) {
    console.log(`━━ together (${group}): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  i = end;
}
writeFileSync(join(reports, `${arg}.summary.json`), JSON.stringify(total));
console.log('');
if (failures.length) console.log(`failed checks: ${failures.join('; ')}`);
printLine(total);
process.exit(total.failed === 0 ? 0 : 1);
