import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'styles.css'), 'utf8');

describe('print stylesheet', () => {
  it('prints one A4 page of the content alone: no header, navigation, buttons or toasts', () => {
    const print = css.slice(css.indexOf('@media print'));
    expect(print).toMatch(/@page\s*{\s*size: A4;/);
    const hidden = /([^{}]+){\s*display: none;\s*}/.exec(print)?.[1] ?? '';
    for (const selector of ['.topbar', '.sidenav', '.no-print', '.toast-viewport', 'button']) {
      expect(hidden.split(',').map((s) => s.trim())).toContain(selector);
    }
  });
});
