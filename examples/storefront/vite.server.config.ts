import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const rulesSource = fileURLToPath(new URL('../../packages/rules/src/index.ts', import.meta.url));

/**
 * npm packages stay imports, as under tsx: some load files beside their own code (PGlite's WASM,
 * sharp's native binding). pnpm links a package only into the node_modules of the workspace
 * package that declares it (pg into packages/api's), where a bare import from dist/ would not
 * find it, so each import names the file it resolved to, relative to the bundle.
 */
function packagesAsImports(): Plugin {
  return {
    name: 'shop-packages-as-imports',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || isBuiltin(source) || /^[./]|^@shop\//.test(source)) return null;
      if (source.startsWith('\0') || source.startsWith('virtual:')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      return { id: resolved.id, external: 'relative' };
    },
  };
}

/**
 * The production server, `node dist/main.js`: server/main.ts with @shop/api and @shop/rules
 * compiled in from their sources (no tsx at run time, no build of the rules package first).
 */
export default defineConfig({
  plugins: [packagesAsImports()],
  resolve: { alias: [{ find: '@shop/rules', replacement: rulesSource }] },
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      output: { entryFileNames: 'main.js', chunkFileNames: 'node/[name]-[hash].js' },
    },
  },
});
