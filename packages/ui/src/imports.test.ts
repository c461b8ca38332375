import { describe, expect, it } from 'vitest';
import { checkImports, type LayerRule, layerViolations } from '../../../scripts/import-graph';

// @shop/ui's import rule (docs/architecture.md, "Shared UI"): it is below both apps, so it
// imports only its own files and its dependencies (react, Radix Toast, @shop/rules), never a file
// of the storefront or the back office (a package import of either fails the type check, since
// neither is its dependency). Only its tests import the import-graph checker.

type Layer = { kind: 'ui' } | { kind: 'testing' };

const UI_LAYERS: LayerRule<Layer> = {
  layerOf: (path) => {
    if (path === '../../../scripts/import-graph.ts') return { kind: 'testing' };
    return path.startsWith('..') ? null : { kind: 'ui' };
  },
  forbidden: (_from, to, fromTest) =>
    to.kind === 'testing' && !fromTest ? 'the import-graph checker is for tests only' : null,
};

describe('@shop/ui imports', () => {
  it('reach no file outside the package', () => {
    // At least 3 imports: the parser found the graph (none found would pass vacuously).
    expect(checkImports(import.meta.url, UI_LAYERS, { minEdges: 3 })).toEqual([]);
  });

  it('refuses to pass on a graph it did not find', () => {
    expect(() => checkImports(import.meta.url, UI_LAYERS, { minEdges: 10_000 })).toThrow(
      /^read \d+ imports, expected at least 10000$/,
    );
  });

  it('would name an import of an app file', () => {
    const graph = new Map([['toast.tsx', ['../../../examples/storefront/src/lib/idle.ts']]]);
    expect(layerViolations(graph, UI_LAYERS)).toEqual([
      'toast.tsx imports ../../../examples/storefront/src/lib/idle.ts, in no layer',
    ]);
  });
});
