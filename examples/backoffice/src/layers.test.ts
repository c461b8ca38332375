import { describe, expect, it } from 'vitest';
import {
  type AppLayer,
  appDirection,
  appLayerOf,
  checkImports,
} from '../../../scripts/import-graph';

// The back office's import rule, the storefront's (docs/architecture.md "Storefront layers"):
// app → features → components → lib, each layer importing only the layers after it; a feature
// never imports another feature (each area's pages stand alone, so two people can build two
// areas at once); app/admin-route.ts (the route type every feature exports) is a leaf every
// layer may import; testing/ and the import-graph checker are for test files only, and a test
// may render the whole app.

type Layer = AppLayer | { kind: 'leaf' } | { kind: 'testing' };

/** The layer of a file (its path relative to src/), by its folder. */
function layerOf(path: string): Layer | null {
  if (path === 'app/admin-route.ts') return { kind: 'leaf' };
  // The checker the layer tests read the graph with.
  if (path === '../../../scripts/import-graph.ts') return { kind: 'testing' };
  if (path.startsWith('testing/')) return { kind: 'testing' };
  return appLayerOf(path);
}

function forbidden(from: Layer, to: Layer, fromTest: boolean): string | null {
  if (from.kind === 'testing') return null;
  if (to.kind === 'testing') return fromTest ? null : 'testing/ is for test files only';
  if (to.kind === 'leaf') return null;
  // A page's test may render it inside the whole app (its router, session and layout).
  if (fromTest && to.kind === 'app') return null;
  if (from.kind === 'leaf') return 'app/admin-route.ts imports only leaves';
  return appDirection(from, to);
}

describe('layers', () => {
  it('no file imports against app → features → components → lib, nor feature → feature', () => {
    // At least 200 imports: the parser found the graph (none found would pass vacuously).
    expect(checkImports(import.meta.url, { layerOf, forbidden }, { minEdges: 200 })).toEqual([]);
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
