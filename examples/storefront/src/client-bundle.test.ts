import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// What the browser runs must not format through ICU: the first `toLocaleString`,
// `Intl.NumberFormat` or `Intl.DateTimeFormat` with a locale loads ICU's data, 70-120 ms of main
// thread on a throttled phone (docs/performance.md, "Storefront"), and a page calls it while it
// hydrates. Counts go through @shop/rules' `formatCount`, yen through `formatYen`, dates through
// the rules' JST helpers (plain arithmetic). The developer pages (features/dev) and tests are out
// of scope: no shopper loads them.

const src = import.meta.dirname;
const ICU_FORMATTING = /\.toLocale(?:String|DateString|TimeString)\(|\blocaleCompare\(|\bIntl\./;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the client bundle', () => {
  it('never formats through ICU outside the developer pages', () => {
    const offenders = sources(src)
      .map((path) => relative(src, path))
      .filter((path) => !path.startsWith('features/dev/') && !path.startsWith('testing/'))
      .filter((path) => ICU_FORMATTING.test(readFileSync(join(src, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
