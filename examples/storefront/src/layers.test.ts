import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The storefront's import rule (docs/architecture.md, "Storefront layers"): app → features →
// components → lib, each layer importing only the layers after it; a feature never imports
// another feature; types/, config.ts and the server's SSR contract are leaves every layer may
// import; testing/ and the server (server/) are for test files only. This test reads every
// import (static, re-export, dynamic) of every file under src/ and fails on an edge the rule
// forbids.

const SRC = dirname(fileURLToPath(import.meta.url));
const SERVER = resolve(SRC, '../server/');
const SSR_CONTRACT = resolve(SERVER, 'ssr-contract.ts');

type Layer =
  | { kind: 'app' | 'components' | 'lib' | 'leaf' | 'testing' | 'server' }
  | { kind: 'feature'; name: string };

const RANK = { app: 3, feature: 2, components: 1, lib: 0 } as const;

/** The layer a file belongs to, by its folder. */
function layerOf(file: string): Layer | null {
  if (file === SSR_CONTRACT) return { kind: 'leaf' };
  if (file.startsWith(`${SERVER}/`)) return { kind: 'server' };
  const path = relative(SRC, file);
  if (path.startsWith('..')) return null;
  const [top, second] = path.split('/');
  if (path === 'config.ts') return { kind: 'leaf' };
  // The entries, the global stylesheet and their tests sit at the top of src/: the app's.
  if (top === 'app' || second === undefined) return { kind: 'app' };
  if (top === 'features' && second) return { kind: 'feature', name: second };
  if (top === 'components') return { kind: 'components' };
  if (top === 'lib') return { kind: 'lib' };
  if (top === 'types') return { kind: 'leaf' };
  if (top === 'testing') return { kind: 'testing' };
  return null;
}

/** Why an import from `from` to `to` is forbidden, or null when the rule allows it. */
function forbidden(from: Layer, to: Layer, fromTest: boolean): string | null {
  if (to.kind === 'testing') return fromTest ? null : 'testing/ is for test files only';
  // A test of the rendered document may go through the server that serves it.
  if (to.kind === 'server') return fromTest ? null : 'only tests import the server';
  if (from.kind === 'testing') return null;
  if (to.kind === 'leaf') return null;
  if (from.kind === 'leaf') return 'types/, config.ts and the SSR contract import only leaves';
  if (from.kind === 'feature' && to.kind === 'feature') {
    return from.name === to.name ? null : `feature ${from.name} imports feature ${to.name}`;
  }
  if (to.kind === 'app' && from.kind === 'app') return null;
  if (from.kind === to.kind) return null;
  const fromRank = RANK[from.kind as keyof typeof RANK];
  const toRank = RANK[to.kind as keyof typeof RANK];
  return fromRank > toRank ? null : `${from.kind} imports ${to.kind}`;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
const EXTENSIONS = ['', '.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
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
  if (!found) throw new Error(`${relative(SRC, from)}: cannot resolve ${specifier}`);
  return found;
}

function importEdges(): { from: string; to: string }[] {
  return sourceFiles(SRC).flatMap((from) =>
    [...readFileSync(from, 'utf8').matchAll(IMPORT)].map((match) => ({
      from,
      to: resolveImport(from, match[2] as string),
    })),
  );
}

describe('storefront import directions', () => {
  it('has no import the layer rule forbids', () => {
    const edges = importEdges();
    // The parser found the graph (a regex that matched nothing would pass vacuously).
    expect(edges.length).toBeGreaterThan(500);
    const violations = edges.flatMap(({ from, to }) => {
      const fromLayer = layerOf(from);
      const toLayer = layerOf(to);
      if (!fromLayer) return [`${relative(SRC, from)} is in no layer`];
      if (!toLayer) return [`${relative(SRC, from)} imports ${relative(SRC, to)}, in no layer`];
      const why = forbidden(fromLayer, toLayer, /\.test\.tsx?$/.test(from));
      return why ? [`${relative(SRC, from)} → ${relative(SRC, to)}: ${why}`] : [];
    });
    expect(violations).toEqual([]);
  });

  it('refuses the edges the rule names', () => {
    const feature = (name: string): Layer => ({ kind: 'feature', name });
    expect(forbidden(feature('cart'), feature('catalog'), false)).toMatch(/feature cart/);
    expect(forbidden({ kind: 'components' }, feature('cart'), false)).toMatch(/components/);
    expect(forbidden({ kind: 'lib' }, { kind: 'components' }, false)).toMatch(/lib imports/);
    expect(forbidden(feature('cart'), { kind: 'app' }, false)).toMatch(/feature imports app/);
    expect(forbidden({ kind: 'lib' }, { kind: 'testing' }, false)).toMatch(/test files only/);
    expect(forbidden({ kind: 'app' }, { kind: 'server' }, false)).toMatch(/only tests/);
    expect(forbidden({ kind: 'app' }, feature('cart'), false)).toBeNull();
    expect(forbidden(feature('cart'), feature('cart'), false)).toBeNull();
    expect(forbidden(feature('cart'), { kind: 'components' }, false)).toBeNull();
    expect(forbidden({ kind: 'components' }, { kind: 'lib' }, false)).toBeNull();
  });
});
