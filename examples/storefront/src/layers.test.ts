import { describe, expect, it } from 'vitest';
import {
  type AppLayer,
  appDirection,
  appLayerOf,
  checkImports,
  type LayerRule,
  layerViolations,
} from '../../../scripts/import-graph';

// The storefront's import rule (docs/architecture.md, "Storefront layers"): app → features →
// components → lib, each layer importing only the layers after it; a feature never imports
// another feature; types/, config.ts and the server's SSR contract are leaves every layer may
// import; testing/, the server (server/) and the import-graph checker are for test files only.
// This test reads every import (static, re-export, dynamic) of every file under src/
// (scripts/import-graph.ts) and fails on an edge the rule forbids.

type Layer = AppLayer | { kind: 'leaf' } | { kind: 'testing' } | { kind: 'server' };

/** The layer of a file (its path relative to src/), by its folder. */
function layerOf(path: string): Layer | null {
  if (path === '../server/ssr-contract.ts' || path === 'config.ts') return { kind: 'leaf' };
  if (path.startsWith('../server/')) return { kind: 'server' };
  // The checker the layer tests read the graph with.
  if (path === '../../../scripts/import-graph.ts') return { kind: 'testing' };
  if (path.startsWith('types/')) return { kind: 'leaf' };
  if (path.startsWith('testing/')) return { kind: 'testing' };
  return appLayerOf(path);
}

/** Why an import from `from` to `to` is forbidden, or null when the rule allows it. */
function forbidden(from: Layer, to: Layer, fromTest: boolean): string | null {
  if (to.kind === 'testing') return fromTest ? null : 'testing/ is for test files only';
  // A test of the rendered document may go through the server that serves it.
  if (to.kind === 'server') return fromTest ? null : 'only tests import the server';
  if (from.kind === 'testing') return null;
  if (to.kind === 'leaf') return null;
  if (from.kind === 'leaf') return 'types/, config.ts and the SSR contract import only leaves';
  // server/ is outside src/: only its files' imports from here are read, never its own.
  if (from.kind === 'server') return null;
  return appDirection(from, to);
}

const STOREFRONT_LAYERS: LayerRule<Layer> = { layerOf, forbidden };

const feature = (name: string): Layer => ({ kind: 'feature', name });

describe('storefront import directions', () => {
  it('has no import the layer rule forbids', () => {
    // At least 500 imports: the parser found the graph (none found would pass vacuously).
    expect(checkImports(import.meta.url, STOREFRONT_LAYERS, { minEdges: 500 })).toEqual([]);
  });

  it('refuses the edges the rule names', () => {
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

  it('names each forbidden edge and each file or import in no layer', () => {
    const graph = new Map([
      ['features/cart/a.ts', ['features/catalog/b.ts', 'lib/c.ts']],
      ['widgets/w.ts', []],
      ['lib/c.ts', ['widgets/w.ts']],
      ['app/d.test.tsx', ['testing/e.ts', '../server/app.ts']],
    ]);
    expect(layerViolations(graph, STOREFRONT_LAYERS)).toEqual([
      'features/cart/a.ts → features/catalog/b.ts: feature cart imports feature catalog',
      'widgets/w.ts is in no layer',
      'lib/c.ts imports widgets/w.ts, in no layer',
    ]);
  });

  it('places every file by its folder, and none it does not know', () => {
    expect(layerOf('app/routes/cart.tsx')).toEqual({ kind: 'app' });
    expect(layerOf('entry-client.tsx')).toEqual({ kind: 'app' });
    expect(layerOf('features/cart/components/cart-page.tsx')).toEqual(feature('cart'));
    expect(layerOf('types/api.ts')).toEqual({ kind: 'leaf' });
    expect(layerOf('../server/ssr-contract.ts')).toEqual({ kind: 'leaf' });
    expect(layerOf('../server/app.ts')).toEqual({ kind: 'server' });
    expect(layerOf('widgets/x.ts')).toBeNull();
    expect(layerOf('../../api/src/app.ts')).toBeNull();
  });
});
