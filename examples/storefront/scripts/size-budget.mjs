#!/usr/bin/env node
// The first-load JS budget of every route (issue 5: at most 90 KB gzip). Run after `pnpm build`;
// exits non-zero when a route goes over.
import { resolve } from 'node:path';
import { firstLoadSizes } from './first-load.mjs';

// Issue 19's goal, met by every route with react-dom since 2026-11-26 (docs/performance.md,
// "First-load JS per route").
export const JS_BUDGET_BYTES = 90 * 1024;

const clientDir = resolve(import.meta.dirname, '..', 'dist', 'client');
const sizes = firstLoadSizes(clientDir).sort((a, b) => b.jsGzip - a.jsGzip);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let over = 0;
for (const { route, jsGzip, cssGzip } of sizes) {
  const ok = jsGzip <= JS_BUDGET_BYTES;
  if (!ok) over++;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${route.padEnd(22)} JS ${kb(jsGzip).padStart(9)}  CSS ${kb(cssGzip).padStart(8)}`,
  );
}
console.log(
  `\n${sizes.length} routes, budget ${kb(JS_BUDGET_BYTES)} first-load JS (gzip), ${over} over`,
);
process.exit(over === 0 && sizes.length > 0 ? 0 : 1);
