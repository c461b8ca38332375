import { describe, expect, test } from 'vitest';
import {
  edgeCount,
  importCycles,
  importGraph,
  layerViolations,
} from '../../../scripts/import-graph';

// The API's import rules (docs/architecture.md, "API layers and folders"): no module imports
// itself back through a chain of imports (type-only imports count: they tie the modules
// together for a reader and the type checker just the same), nothing under the HTTP layer
// reaches up into it, and lib/ stays a leaf. This test reads every import (static, re-export,
// dynamic) of every module under src/ and of the test helpers in test/support/
// (scripts/import-graph.ts, which the storefront's and the back office's layer tests read theirs
// with).

/** The HTTP layer: what only the app's entry points and other HTTP modules may import. */
const HTTP_LAYER =
  /^src\/(routes\/|middleware\/|notifications\/routes\.ts|app\.ts|server\.ts|main\.ts|index\.ts|openapi\.ts|refusal-status\.ts)/;

/** Why an import from `from` to `to` breaks the layer rules, or null when they allow it. */
function forbiddenImport(from: string, to: string): string | null {
  if (!from.startsWith('src/')) return null;
  if (to.startsWith('test/')) return 'src/ never imports the test helpers';
  if (from.startsWith('src/lib/') && !/^src\/(lib\/|errors\.ts)/.test(to)) {
    return 'lib/ imports only lib/ and errors.ts';
  }
  if (HTTP_LAYER.test(to) && !HTTP_LAYER.test(from)) {
    return 'only the HTTP layer (routes, middleware, app, server, openapi, refusal-status) imports the HTTP layer';
  }
  return null;
}

describe('the API import graph', () => {
  const graph = importGraph(import.meta.url, {
    root: '..',
    dirs: ['src', 'test/support'],
    pattern: /(?<!\.test)\.ts$/,
    extensions: ['', '.ts', '/index.ts'],
  });

  test('has no import cycle', () => {
    // The parser found the graph (a regex that matched nothing would pass vacuously).
    expect(edgeCount(graph)).toBeGreaterThan(500);
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  test('has no import the layer rules forbid', () => {
    // Every module is its own layer here: the rules read paths.
    const rule = { layerOf: (path: string) => path, forbidden: forbiddenImport };
    expect(layerViolations(graph, rule)).toEqual([]);
  });

  test('finds the cycles it is meant to refuse', () => {
    const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    // deps.ts ↔ services/withdrawal.ts, as it was before MemberOrders got a file of its own.
    expect(
      importCycles(graphOf({ deps: ['withdrawal'], withdrawal: ['deps', 'throttle'] })),
    ).toEqual([['deps', 'withdrawal', 'deps']]);
    expect(importCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([
      ['a', 'b', 'c', 'a'],
    ]);
    expect(importCycles(graphOf({ a: ['a'] }))).toEqual([['a', 'a']]);
    expect(importCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  test('refuses the edges the layer rules name', () => {
    expect(forbiddenImport('src/services/cart.ts', 'src/routes/cart.ts')).toMatch(/HTTP layer/);
    expect(forbiddenImport('src/db/tx.ts', 'src/middleware/session.ts')).toMatch(/HTTP layer/);
    expect(forbiddenImport('src/services/orders.ts', 'src/refusal-status.ts')).toMatch(
      /HTTP layer/,
    );
    expect(forbiddenImport('src/lib/validate.ts', 'src/services/cart.ts')).toMatch(/lib\//);
    expect(forbiddenImport('src/services/cart.ts', 'test/support/database.ts')).toMatch(/test/);
    expect(forbiddenImport('src/routes/cart.ts', 'src/services/cart.ts')).toBeNull();
    expect(forbiddenImport('src/notifications/routes.ts', 'src/routes/operator.ts')).toBeNull();
    expect(forbiddenImport('test/support/orders-app.ts', 'src/app.ts')).toBeNull();
  });
});
