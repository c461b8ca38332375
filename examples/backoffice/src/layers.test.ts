import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The back office's import rule, the storefront's (docs/architecture.md "Storefront layers"):
// app → features → components → lib, each layer importing only the layers after it; a feature
// never imports another feature (each area's pages stand alone, so two people can build two
// areas at once); app/admin-route.ts (the route type every feature exports) is a leaf every
// layer may import; testing/ is for test files only, and a test may render the whole app.

const SRC = dirname(fileURLToPath(import.meta.url));
const LEAVES = new Set([resolve(SRC, 'app/admin-route.ts')]);

type Layer =
  | { kind: 'app' | 'components' | 'lib' | 'leaf' | 'testing' }
  | { kind: 'feature'; name: string };

const RANK = { app: 3, feature: 2, components: 1, lib: 0 } as const;

function layerOf(file: string): Layer | null {
  if (LEAVES.has(file)) return { kind: 'leaf' };
  const path = relative(SRC, file);
  if (path.startsWith('..')) return null;
  const [top, second] = path.split('/');
  if (top === 'app' || second === undefined) return { kind: 'app' };
  if (top === 'features' && second) return { kind: 'feature', name: second };
  if (top === 'components') return { kind: 'components' };
  if (top === 'lib') return { kind: 'lib' };
  if (top === 'testing') return { kind: 'testing' };
  return null;
}

function forbidden(from: Layer, to: Layer, fromTest: boolean): string | null {
  if (from.kind === 'testing') return null;
  if (to.kind === 'testing') return fromTest ? null : 'testing/ is for test files only';
  if (to.kind === 'leaf') return null;
  // A page's test may render it inside the whole app (its router, session and layout).
  if (fromTest && to.kind === 'app') return null;
  if (from.kind === 'leaf') return 'app/admin-route.ts imports only leaves';
  if (from.kind === 'feature' && to.kind === 'feature') {
    return from.name === to.name ? null : `feature ${from.name} imports feature ${to.name}`;
  }
  if (from.kind === to.kind) return null;
  const fromRank = RANK[from.kind as keyof typeof RANK];
  const toRank = RANK[to.kind as keyof typeof RANK];
  return fromRank > toRank ? null : `${from.kind} imports ${to.kind}`;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = ['', '.ts', '.tsx']
    .map((ext) => base + ext)
    .find((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    });
  if (!found) throw new Error(`${relative(SRC, from)}: cannot resolve ${specifier}`);
  return found;
}

/** Every forbidden import edge in `files`, as `from → to: why`. */
export function violations(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    if (!from) continue;
    const isTest = /\.test\.tsx?$/.test(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[2] as string);
      const to = layerOf(target);
      if (!to) continue;
      const why = forbidden(from, to, isTest);
      if (why) found.push(`${relative(SRC, file)} → ${relative(SRC, target)}: ${why}`);
    }
  }
  return found;
}

describe('layers', () => {
  it('no file imports against app → features → components → lib, nor feature → feature', () => {
    expect(violations(sourceFiles(SRC))).toEqual([]);
  });

  it('would catch a feature importing another, and components importing a feature', () => {
    expect(
      forbidden({ kind: 'feature', name: 'orders' }, { kind: 'feature', name: 'staff' }, false),
    ).toBe('feature orders imports feature staff');
    expect(forbidden({ kind: 'components' }, { kind: 'feature', name: 'orders' }, false)).toBe(
      'components imports feature',
    );
    expect(forbidden({ kind: 'lib' }, { kind: 'app' }, false)).toBe('lib imports app');
    expect(forbidden({ kind: 'lib' }, { kind: 'leaf' }, false)).toBeNull();
    expect(forbidden({ kind: 'lib' }, { kind: 'testing' }, false)).toBe(
      'testing/ is for test files only',
    );
  });
});
