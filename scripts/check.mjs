#!/usr/bin/env node
// The project's test command. Runs every check of a suite in order, counts vitest and
// Playwright tests from their JSON reports (CI reads only a plain `N passed, N failed` line),
// counts every other check as one, and exits non-zero when anything failed.
//
//   node scripts/check.mjs            the README's test command (suite "default")
//   node scripts/check.mjs pg         the API suite against $DATABASE_URL (scripts/with-postgres.sh)
//   node scripts/check.mjs e2e        the browser suite
//   node scripts/check.mjs --total    sums every suite run since .reports/ was last cleared
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.reports');
mkdirSync(reports, { recursive: true });

const vitest = (name, projects, env = {}) => ({ name, kind: 'vitest', projects, env });
const command = (name, cmd, env = {}) => ({ name, kind: 'command', cmd, env });
const playwright = (name, dir, env = {}) => ({ name, kind: 'playwright', dir, env });

const RULES_TIME_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo'];

const suites = {
  default: [
    command('typecheck', 'pnpm run typecheck'),
    command('lint and format', 'pnpm exec biome ci .'),
    command('build', 'pnpm run build'),
    ...RULES_TIME_ZONES.map((tz) => vitest(`rules (TZ=${tz})`, ['rules'], { TZ: tz })),
    ...projectsExcept(['rules']).map((p) => vitest(p, [p])),
    command('publint --strict @shop/rules', 'pnpm --filter @shop/rules run publint'),
    command('attw --pack @shop/rules', 'pnpm --filter @shop/rules run attw'),
    command('size budget @shop/rules', 'pnpm --filter @shop/rules run size'),
    // The root build (step "build" above) has built the storefront's client bundle.
    command('first-load JS budget @shop/storefront', 'pnpm --filter @shop/storefront run size'),
  ],
  pg: projectsIn(['api']).map((p) => vitest(`${p} on PostgreSQL`, [p])),
  e2e: [
    command(
      'build for the browser suite',
      'pnpm --filter @shop/rules run build && pnpm --filter @shop/storefront run build',
    ),
    playwright('storefront in chromium', 'examples/storefront'),
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

function run(step, index, suite) {
  const env = { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
  console.log(`\n━━ ${step.name}`);
  if (step.kind === 'command') {
    const r = spawnSync(step.cmd, { cwd: root, env, stdio: 'inherit', shell: true });
    return r.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  }
  if (step.kind === 'playwright') return runPlaywright(step, index, suite, env);
  const out = join(reports, `${suite}-${index}.vitest.json`);
  rmSync(out, { force: true });
  const args = ['exec', 'vitest', 'run', '--config', 'vitest.workspace.ts'];
  for (const p of step.projects) args.push('--project', p);
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  const r = spawnSync('pnpm', args, { cwd: root, env, stdio: 'inherit' });
  if (!existsSync(out)) return { passed: 0, failed: 1 };
  const json = JSON.parse(readFileSync(out, 'utf8'));
  const passed = json.numPassedTests ?? 0;
  // A suite that could not load counts as a failure even when no test reported one.
  const failed = (json.numFailedTests ?? 0) + (r.status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  return { passed, failed };
}

// Counts from Playwright's JSON report: expected and flaky (passed on retry) tests pass,
// unexpected ones fail; a run that wrote no report, or failed with no failing test, counts one.
function runPlaywright(step, index, suite, env) {
  const out = join(reports, `${suite}-${index}.playwright.json`);
  rmSync(out, { force: true });
  const r = spawnSync('pnpm', ['exec', 'playwright', 'test'], {
    cwd: join(root, step.dir),
    env: { ...env, E2E_JSON_REPORT: out },
    stdio: 'inherit',
  });
  if (!existsSync(out)) return { passed: 0, failed: 1 };
  const { stats = {} } = JSON.parse(readFileSync(out, 'utf8'));
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const failed = (stats.unexpected ?? 0) + (r.status !== 0 && !stats.unexpected ? 1 : 0);
  return { passed, failed };
}

function printLine({ passed, failed }) {
  console.log(`${passed} passed, ${failed} failed`);
}

const arg = process.argv[2] ?? 'default';
if (arg === '--total') {
  const total = { passed: 0, failed: 0 };
  for (const f of readdirSync(reports).filter((f) => f.endsWith('.summary.json'))) {
    const s = JSON.parse(readFileSync(join(reports, f), 'utf8'));
    total.passed += s.passed;
    total.failed += s.failed;
  }
  printLine(total);
  process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1);
}

const steps = suites[arg];
if (!steps) {
  console.error(`unknown suite "${arg}"; known: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const total = { passed: 0, failed: 0 };
const failures = [];
steps.forEach((step, i) => {
  const r = run(step, i, arg);
  total.passed += r.passed;
  total.failed += r.failed;
  if (r.failed) failures.push(step.name);
});
writeFileSync(join(reports, `${arg}.summary.json`), JSON.stringify(total));
console.log('');
if (failures.length) console.log(`failed checks: ${failures.join('; ')}`);
printLine(total);
process.exit(total.failed === 0 ? 0 : 1);
