// wouter imports useSyncExternalStore through the `use-sync-external-store/shim` package, which
// exists for React 16 and 17. Its production build already hands over to React's own hook when
// React has one (React 18 and later): vite.config.ts points the import here, so the browser gets
// that same hook without the shim's fallback code in the entry chunk.
export { useSyncExternalStore } from 'react';
