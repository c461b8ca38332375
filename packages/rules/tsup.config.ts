import { defineConfig } from 'tsup';

/**
 * ESM is emitted one module per source file (shared code split into chunks), so that with
 * `sideEffects: false` a bundler keeps only the rules a frontend imports; a single ESM bundle
 * would keep every top-level zod schema. CJS consumers get one file.
 */
const shared = {
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: false,
  treeshake: true,
  target: 'es2022',
} as const;

export default defineConfig([
  {
    ...shared,
    entry: ['src/index.ts', 'src/*/*.ts', '!src/**/*.test.ts'],
    format: ['esm'],
    splitting: true,
  },
  {
    ...shared,
    entry: ['src/index.ts'],
    format: ['cjs'],
  },
]);
