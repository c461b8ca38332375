import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A form the shop submits with script checks its input itself (the rules' schemas, the card
// rules) or hands it to the API, and shows the Japanese message under its field. Without
// `noValidate` the browser checks `required` and `type="email"` first and stops the submit with
// its own bubble, in the browser's language ("Please fill out this field." in an English one),
// which no screen reader reads with the field and the shop's message never replaces.

const src = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/**
 * Every `<form …>` opening tag (up to its first `>`, enough for its attributes) of a source file
 * that submits with script (`onSubmit`), save the search boxes (`method="get"`, nothing required).
 */
function scriptedForms(text: string): string[] {
  return [...text.matchAll(/<form\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\bonSubmit=/.test(tag) && !/\bmethod="get"/.test(tag));
}

describe("the shop's forms", () => {
  it('leave the checking of what was typed to the shop (noValidate)', () => {
    const forms = sources(src).flatMap((path) =>
      scriptedForms(readFileSync(path, 'utf8')).map((tag) => ({
        file: relative(src, path),
        tag: tag.replace(/\s+/g, ' '),
      })),
    );
    expect(forms.length).toBeGreaterThan(8);
    expect(forms.filter((form) => !/\bnoValidate(?=[\s>])/.test(form.tag))).toEqual([]);
  });
});
