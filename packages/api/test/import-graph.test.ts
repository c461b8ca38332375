import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The API's import rules (docs/architecture.md, "API layers and folders"): no module imports
// itself back through a chain of imports (type-only imports count: they tie the modules
// together for a reader and the type checker just the same), nothing under the HTTP layer
// reaches up into it, and lib/ stays a leaf. This test reads every import (static, re-export,
// dynamic) of every module under src/ and of the test helpers in test/support/.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = resolve(ROOT, 'src');

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
const EXTENSIONS = ['', '.ts', '/index.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = EXTENSIONS.map((ext) => base + ext).find((path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  });
  if (!found) throw new Error(`${relative(ROOT, from)}: cannot resolve ${specifier}`);
  return found;
}

/** Each module (path relative to the package) and the modules it imports. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((from) => [
      relative(ROOT, from),
      [...readFileSync(from, 'utf8').matchAll(IMPORT)].map((match) =>
        relative(ROOT, resolveImport(from, match[2] as string)),
      ),
    ]),
  );
}

/**
 * The import cycles of a graph: each strongly connected component of more than one module (or
 * a module importing itself), as one cycle through it, so the message shows the chain to cut.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm: one depth-first pass, each module's lowest reachable index on the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module) as number);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(module, Math.min(low.get(module) as number, index.get(next) as number));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) components.push(component);
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return components.map((component) => cycleThrough(graph, new Set(component)));
}

/** One cycle inside a strongly connected component: follow its edges from its first module. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, component: Set<string>) {
  const start = [...component].sort()[0] as string;
  const path = [start];
  const seen = new Set(path);
  for (;;) {
    const current = path[path.length - 1] as string;
    const next = (graph.get(current) ?? []).filter((to) => component.has(to));
    const back = next.find((to) => to === start);
    if (back !== undefined) return [...path, start];
    const fresh = next.find((to) => !seen.has(to)) as string;
    path.push(fresh);
    seen.add(fresh);
  }
}

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

const isTest = (path: string) => path.endsWith('.test.ts');

describe('the API import graph', () => {
  const files = [...sourceFiles(SRC), ...sourceFiles(resolve(ROOT, 'test/support'))].filter(
    (file) => !isTest(file),
  );
  const graph = importGraph(files);

  test('has no import cycle', () => {
    // The parser found the graph (a regex that matched nothing would pass vacuously).
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  test('has no import the layer rules forbid', () => {
    const violations = [...graph].flatMap(([from, imports]) =>
      imports.flatMap((to) => {
        const why = forbiddenImport(from, to);
        return why ? [`${from} → ${to}: ${why}`] : [];
      }),
    );
    expect(violations).toEqual([]);
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
