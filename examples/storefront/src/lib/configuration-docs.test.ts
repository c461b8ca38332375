// @vitest-environment node
import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLES } from '@shop/api';
import { parseVariables, variablesTable } from '@shop/api/environment';
import { describe, expect, test } from 'vitest';
import { STOREFRONT_VARIABLES } from '../../server/settings';

// Every variable `pnpm start` reads is documented once: in its schema (the API's
// CONFIG_VARIABLES, the storefront's STOREFRONT_VARIABLES), from which docs/operations.md's
// Configuration table is written. A variable added, renamed or removed in a schema, or a row edited
// by hand, fails here until the table is the schema's again.

const OPERATIONS = new URL('../../../../docs/operations.md', import.meta.url);

/** The table under "## Configuration": its header row to the last row before a blank line. */
function documentedTable(markdown: string): string {
  const section = markdown.split('\n## Configuration\n')[1] ?? '';
  const start = section.indexOf('| variable |');
  const lines = section.slice(start).split('\n');
  const end = lines.findIndex((line) => !line.startsWith('|'));
  return lines.slice(0, end).join('\n');
}

describe('docs/operations.md, Configuration', () => {
  const variables = { ...CONFIG_VARIABLES, ...STOREFRONT_VARIABLES };

  test('lists exactly the variables of the schemas, each as its schema describes it', () => {
    const table = documentedTable(readFileSync(OPERATIONS, 'utf8'));
    const documented = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(Object.keys(variables));
    expect(table).toBe(variablesTable(variables));
  });

  test('every variable has a default and a description', () => {
    for (const [name, { doc }] of Object.entries(variables)) {
      expect(doc.default, name).not.toBe('');
      expect(doc.description, name).not.toBe('');
    }
  });
});

describe('the storefront variables', () => {
  test('refuse unknown on/off spellings and a malformed redirect list, naming the variable', () => {
    expect(() => parseVariables(STOREFRONT_VARIABLES, { STOREFRONT_DEV_PAGES: 'yes' })).toThrow(
      'STOREFRONT_DEV_PAGES must be true, 1, false or 0 (got yes)',
    );
    expect(() => parseVariables(STOREFRONT_VARIABLES, { STOREFRONT_REDIRECTS: '{' })).toThrow(
      'STOREFRONT_REDIRECTS must be a JSON array',
    );
    expect(parseVariables(STOREFRONT_VARIABLES, { STOREFRONT_DEVELOPMENT: '1' })).toMatchObject({
      STOREFRONT_DEV_PAGES: false,
      STOREFRONT_DEVELOPMENT: true,
      STOREFRONT_REDIRECTS: [],
    });
  });
});
