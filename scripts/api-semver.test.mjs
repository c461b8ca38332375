// Unit tests of scripts/api-semver.mjs: node --test scripts/api-semver.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changesetBumps, compareReports, parseReport, verdict } from './api-semver.mjs';

const report = (...declarations) =>
  [
    '## API Report File for "@shop/rules"',
    '',
    '```ts',
    '',
    "import { z } from 'zod';",
    '',
    ...declarations.flatMap((d) => ['// @public', d, '']),
    '// (No @packageDocumentation comment for this package)',
    '',
    '```',
    '',
  ].join('\n');

const released = report(
  'export function formatYen(yen: number): string;',
  'export interface QuoteLine {\n    // (undocumented)\n    quantity: number;\n    note?: string;\n}',
  "export type SearchSort = 'new' | 'old' | 'price';",
  'export const MAX_LINE_QUANTITY = 99;',
);

test('parseReport keys each declaration by its exported name, without comment lines', () => {
  const declarations = parseReport(released);
  assert.deepEqual(
    [...declarations.keys()],
    ['formatYen', 'QuoteLine', 'SearchSort', 'MAX_LINE_QUANTITY'],
  );
  assert.ok(!declarations.get('QuoteLine').includes('undocumented'));
});

test('parseReport refuses a file that is not a report', () => {
  assert.throws(() => parseReport('# README'), /not an API Extractor report/);
});

test('an identical surface has nothing removed, changed or added', () => {
  assert.deepEqual(compareReports(released, released), { removed: [], changed: [], added: [] });
});

test('a removed export is breaking', () => {
  const current = report(
    'export function formatYen(yen: number): string;',
    'export interface QuoteLine {\n    quantity: number;\n    note?: string;\n}',
    "export type SearchSort = 'new' | 'old' | 'price';",
  );
  const diff = compareReports(released, current);
  assert.deepEqual(diff.removed, ['MAX_LINE_QUANTITY']);
  assert.equal(verdict(diff, []).ok, false);
});

test('a narrowed type (a union member gone, an optional field made required) is breaking', () => {
  const current = report(
    'export function formatYen(yen: number): string;',
    'export interface QuoteLine {\n    quantity: number;\n    note: string;\n}',
    "export type SearchSort = 'new' | 'old';",
    'export const MAX_LINE_QUANTITY = 99;',
  );
  const diff = compareReports(released, current);
  assert.deepEqual(diff.changed, ['QuoteLine', 'SearchSort']);
  assert.deepEqual(verdict(diff, [{ file: 'x.md', bump: 'minor' }]), {
    ok: false,
    breaking: ['QuoteLine', 'SearchSort'],
  });
});

test('a replaced type (number to string) is breaking even though as long', () => {
  const current = released.replace('formatYen(yen: number)', 'formatYen(yen: string)');
  assert.deepEqual(compareReports(released, current).changed, ['formatYen']);
});

test('additions only (a new export, a new optional field, a new union member) are not', () => {
  const current = report(
    'export function formatYen(yen: number): string;',
    'export interface QuoteLine {\n    quantity: number;\n    note?: string;\n    gift?: boolean;\n}',
    "export type SearchSort = 'new' | 'old' | 'price' | 'title';",
    'export const MAX_LINE_QUANTITY = 99;',
    'export function formatYenTaxIncluded(yen: number): string;',
  );
  const diff = compareReports(released, current);
  assert.deepEqual(diff, { removed: [], changed: [], added: ['formatYenTaxIncluded'] });
  assert.equal(verdict(diff, []).ok, true);
});

test('a breaking change passes with a major changeset for @shop/rules', () => {
  const diff = { removed: ['MAX_LINE_QUANTITY'], changed: [], added: [] };
  const bumps = changesetBumps([
    { name: 'a.md', text: "---\n'@shop/rules': major\n---\n\nRemoves MAX_LINE_QUANTITY.\n" },
  ]);
  assert.deepEqual(bumps, [{ file: 'a.md', bump: 'major' }]);
  assert.equal(verdict(diff, bumps).ok, true);
});

test('changesetBumps reads either quote style and ignores other packages and the body', () => {
  const bumps = changesetBumps([
    {
      name: 'a.md',
      text: '---\n"@shop/rules": patch\n"@shop/other": major\n---\n\n@shop/rules: major\n',
    },
    { name: 'b.md', text: "---\n'@shop/rules': minor\n---\n" },
  ]);
  assert.deepEqual(bumps, [
    { file: 'a.md', bump: 'patch' },
    { file: 'b.md', bump: 'minor' },
  ]);
});
