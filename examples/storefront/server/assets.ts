import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientAssets } from './ssr-contract';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ROUTE_DIR = 'src/app/routes/';

/** Reads Vite's client manifest once and answers which files a page needs on first load. */
export function readClientAssets(clientDir: string): ClientAssets {
  const manifest = JSON.parse(
    readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`no entry chunk in ${clientDir}/.vite/manifest.json`);

  const staticImports = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of chunk.imports ?? []) staticImports(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry) as string;
  const entryFiles = new Set([...staticImports(entryKey)].map((key) => manifest[key]?.file));
  const cache = new Map<string, string[]>();

  const cssFiles = [...staticImports(entryKey)].flatMap((key) => manifest[key]?.css ?? []);
  return {
    entry: `/${entry.file}`,
    css: cssFiles.map((file) => `/${file}`),
    inlineCss: cssFiles.map((file) => readFileSync(join(clientDir, file), 'utf8')).join('\n'),
    routeChunk(page) {
      const file = manifest[`${ROUTE_DIR}${page}.tsx`]?.file;
      return file === undefined ? undefined : `/${file}`;
    },
    preloads(page) {
      const cached = cache.get(page);
      if (cached) return cached;
      const files = [...staticImports(`${ROUTE_DIR}${page}.tsx`)]
        .map((key) => manifest[key]?.file)
        .filter((file): file is string => file !== undefined && !entryFiles.has(file))
        .map((file) => `/${file}`);
      cache.set(page, files);
      return files;
    },
  };
}
