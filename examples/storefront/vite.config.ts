import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// Dev, the client build and the SSR build all read @shop/rules from its sources, like
// tsconfig.base.json does for the type checker, so the storefront never runs a stale build.
const rulesSource = fileURLToPath(new URL('../../packages/rules/src/index.ts', import.meta.url));
// React 19 has useSyncExternalStore: wouter's import of the React 16/17 shim gets React's own.
const syncExternalStore = fileURLToPath(
  new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
);

/**
 * When the build's sources were committed, in ms: SOURCE_DATE_EPOCH (seconds, the reproducible
 * builds convention) if set, else the commit time of HEAD, else (no git, no variable) 0. Never
 * the time of building, which differs per host.
 */
function sourceTimestamp(): number {
  if (process.env.SOURCE_DATE_EPOCH) return Number(process.env.SOURCE_DATE_EPOCH) * 1000;
  const git = spawnSync('git', ['log', '-1', '--format=%ct'], { encoding: 'utf8' });
  const seconds = Number(git.stdout.trim());
  return git.status === 0 && Number.isInteger(seconds) ? seconds * 1000 : 0;
}

/**
 * Writes dist/client/build.json ({ id, timestamp }): the server publishes it as the current build
 * and browsers compare it with the build they were loaded from (the new-build check). The id is a
 * hash of the client bundle's files, so every host building the same sources publishes the same
 * id (instances behind one load balancer agree), and a change that leaves the browser's files
 * alone (the API, the server) tells no open tab to reload.
 */
function buildInfo(): Plugin {
  return {
    name: 'shop-build-info',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const file = bundle[name];
        if (!file) continue;
        hash.update(name);
        hash.update(file.type === 'chunk' ? file.code : file.source);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: JSON.stringify({
          id: hash.digest('hex').slice(0, 16),
          timestamp: sourceTimestamp(),
        }),
      });
    },
  };
}

/**
 * A lazy chunk's import names the chunks it needs so the browser fetches them together (Vite's
 * modulepreload list), but the page importing it has already loaded the entry, its own chunk and
 * their static imports: this leaves those out of the list (the list is code of the importing
 * chunk, counted in a route's first load). `resolveDependencies` runs in Vite's generateBundle,
 * after this plugin's has kept the bundle.
 */
function preloadsNotLoaded() {
  let bundle: Rollup.OutputBundle = {};
  const closure = (fileName: string, loaded: Set<string>): Set<string> => {
    const chunk = bundle[fileName];
    if (loaded.has(fileName) || chunk?.type !== 'chunk') return loaded;
    loaded.add(fileName);
    for (const imported of chunk.imports) closure(imported, loaded);
    return loaded;
  };
  const plugin: Plugin = {
    name: 'shop-preloads-not-loaded',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = closure(hostId, new Set());
    for (const file of Object.values(bundle)) {
      if (file.type === 'chunk' && file.isEntry) closure(file.fileName, loaded);
    }
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}

const preloads = preloadsNotLoaded();

/**
 * Modules every page loads besides the entry: React, wouter and the route table of @shop/rules
 * with what it imports. Left alone, Rolldown cuts them into five chunks of 140 B to 4 KB (it
 * keeps what lazy chunks share with the entry out of the entry), each with its own imports,
 * exports and gzip stream; as one chunk, every route's first load is 0.9-1.1 KB smaller. Only
 * modules every page needs belong here: the chunk is part of every first load.
 */
const SHELL =
  /[\\/]node_modules[\\/]\.pnpm[\\/](react|wouter|regexparam)@|[\\/]packages[\\/]rules[\\/]src[\\/](navigation[\\/]|_lib[\\/]assert|search[\\/](genres|searchFilters|toSearchParams))/;

// SHOP_PREACT_CLIENT=1 builds the browser bundle with Preact's React layer (preact/compat) instead
// of react-dom: 83 KB → 26 KB gzip of every page's first load and a faster LCP, but add to cart's
// interaction to next paint 272-320 ms against React's 104 ms (docs/performance.md, "First-load
// JS per route"), so React stays the default until that is understood. The server always renders
// with React; `pnpm dev` and the component tests run React.
const PREACT_CLIENT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), buildInfo(), preloads.plugin],
  resolve: {
    alias: [
      ...(command === 'build' && !isSsrBuild && process.env.SHOP_PREACT_CLIENT === '1'
        ? PREACT_CLIENT
        : []),
      { find: '@shop/rules', replacement: rulesSource },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: syncExternalStore },
    ],
  },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        target: 'node20',
        emptyOutDir: true,
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        // Hashed files of the previous build stay: open tabs and a server still running the old
        // build keep loading them, and a file name never changes meaning.
        emptyOutDir: false,
        target: 'es2022',
        modulePreload: { resolveDependencies: preloads.resolveDependencies },
        rolldownOptions: {
          input: 'src/entry-client.tsx',
          output: { codeSplitting: { groups: [{ name: 'shell', test: SHELL }] } },
        },
      },
}));
