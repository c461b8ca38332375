import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The build reads @shop/rules from its sources, as the storefront's does, so the back office never
// runs a stale build of the rules.
const rulesSource = fileURLToPath(new URL('../../packages/rules/src/index.ts', import.meta.url));
// React 19 has useSyncExternalStore: wouter's import of the React 16/17 shim gets React's own.
const syncExternalStore = fileURLToPath(
  new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
);

/**
 * A client-rendered single-page application served under /admin/ by the shop's server
 * (examples/storefront/server/backoffice.ts): every asset URL starts with /admin/assets/.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@shop/rules', replacement: rulesSource },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: syncExternalStore },
    ],
  },
  build: {
    outDir: 'dist',
    // Hashed files of the previous build stay: a tab opened before a deploy still loads the
    // page chunks it was built with.
    emptyOutDir: false,
    target: 'es2022',
  },
});
