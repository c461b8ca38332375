import { defineConfig } from 'drizzle-kit';

// Only generates SQL from the schema: migrations are applied by the server itself
// (src/db/client.ts), because drizzle-kit's own migrate cannot load PGlite extensions.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
