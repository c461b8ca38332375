// First-load bytes per route from Vite's client manifest: what a shopper downloads before a page
// is interactive (the entry chunk, the route's own chunk and every chunk either imports
// statically, plus the stylesheets), gzip-compressed as the server sends them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROUTE_DIR = 'src/app/routes/';

/** @returns {{ route: string, jsGzip: number, cssGzip: number, files: string[] }[]} */
export function firstLoadSizes(clientDir) {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const gzip = (file) => gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
  const routes = Object.keys(manifest).filter((key) => key.startsWith(ROUTE_DIR));
  return routes.map((routeKey) => {
    const keys = new Set([...closure(entryKey), ...closure(routeKey)]);
    const js = [...keys].map((key) => manifest[key].file);
    const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
    return {
      route: routeKey.slice(ROUTE_DIR.length).replace(/\.tsx$/, ''),
      jsGzip: js.reduce((sum, file) => sum + gzip(file), 0),
      cssGzip: css.reduce((sum, file) => sum + gzip(file), 0),
      files: [...js, ...css],
    };
  });
}
