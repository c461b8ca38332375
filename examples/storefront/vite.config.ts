import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Dev, the client build and the SSR build all read @shop/rules from its sources, like
// tsconfig.base.json does for the type checker, so the storefront never runs a stale build.
const rulesSource = fileURLToPath(new URL('../../packages/rules/src/index.ts', import.meta.url));
// React 19 has useSyncExternalStore: wouter's import of the React 16/17 shim gets React's own.
const syncExternalStore = fileURLToPath(
  new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
);

/**
 * Writes dist/client/build.json ({ id, timestamp }): the server publishes it as the current build
 * and browsers compare it with the build they were loaded from (the new-build check).
 */
function buildInfo(): Plugin {
  const timestamp = Date.now();
  const id = process.env.BUILD_ID || `${timestamp.toString(36)}-${randomBytes(3).toString('hex')}`;
  return {
    name: 'shop-build-info',
    apply: 'build',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: JSON.stringify({ id, timestamp }),
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), buildInfo()],
  resolve: {
    alias: [
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
        rolldownOptions: { input: 'src/entry-client.tsx' },
      },
}));
