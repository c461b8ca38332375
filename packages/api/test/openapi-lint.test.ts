import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { createApp } from '../src/app';
import type { Database } from '../src/db/client';
import { TEST_NOW, testConfig } from './support/database';

// The document GET /api/openapi.json serves under a real linter: Redocly's recommended rules (redocly.yaml at the root says which one is
// off and why). Any error fails; each problem is listed with its rule and where.

const root = new URL('../../../', import.meta.url).pathname;

test('redocly lint finds no error in the OpenAPI document', { timeout: 60_000 }, async () => {
  const config = testConfig();
  // Serving the document reads no database.
  const app = createApp({ db: {} as Database, config, now: () => TEST_NOW, log: () => {} });
  const served = await app.request('/api/openapi.json');
  expect(served.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, await served.text());
    const { stdout } = await promisify(execFile)(
      join(root, 'node_modules/.bin/redocly'),
      [
        'lint',
        file,
        '--config',
        join(root, 'redocly.yaml'),
        '--format=json',
        '--max-problems=1000',
      ],
      { cwd: root },
    ).catch((failure: { stdout: string }) => failure);
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: {
        ruleId: string;
        severity: string;
        message: string;
        location: { pointer: string }[];
      }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(config.dataDir, { recursive: true, force: true });
  }
});
