import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

// The contract for the public API: every export has TSDoc with an `@example`, and
// docs/rules.md (the reference) documents it. Read with the compiler, so an export added to
// index.ts without either fails here.

const indexPath = fileURLToPath(new URL('./index.ts', import.meta.url));
const docs = readFileSync(new URL('../../../docs/rules.md', import.meta.url), 'utf8');

/** Each name src/index.ts exports, with the JSDoc tags of the declarations it stands for. */
function publicExports(): { name: string; tags: string[] }[] {
  // The rules' own files are enough to follow every re-export; leaving out the default library
  // and dependencies keeps this to a parse of the package.
  const program = ts.createProgram([indexPath], {
    noLib: true,
    types: [],
    skipLibCheck: true,
    allowImportingTsExtensions: false,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(indexPath);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error('src/index.ts is not a module');
  return checker.getExportsOfModule(moduleSymbol).map((exported) => {
    const target =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const tags = (target.declarations ?? []).flatMap((declaration) =>
      ts.getJSDocTags(declaration).map((tag) => tag.tagName.text),
    );
    return { name: exported.name, tags };
  });
}

const exports = publicExports();

describe('the public API', () => {
  test('src/index.ts exports the rules the issue names (the reading below sees them)', () => {
    const names = exports.map((e) => e.name);
    for (const name of ['stockLabel', 'quote', 'ROUTES', 'Product', 'MonthPart']) {
      expect(names).toContain(name);
    }
    expect(names.length).toBeGreaterThan(200);
  });

  test('every export has a TSDoc block with an @example', () => {
    const missing = exports.filter((e) => !e.tags.includes('example')).map((e) => e.name);
    expect(missing).toEqual([]);
  });

  test('every export is documented in docs/rules.md, opening a code span', () => {
    // `name`, `name(...)` or `Name<...>`: the name itself is what the reference shows.
    const missing = exports
      .map((e) => e.name)
      .filter((name) => !new RegExp(`\`${name}[\`(<]`).test(docs));
    expect(missing).toEqual([]);
  });
});
