import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A field by its accessible name in `scope`: a text box by its role (a required field's 必須
 * marker is not part of its name), any other field (a date, a select) by its label.
 */
export function field(label: string, scope: HTMLElement = document.body): HTMLElement {
  return (
    within(scope).queryByRole('textbox', { name: label }) ?? within(scope).getByLabelText(label)
  );
}

/** Waits until every one of `texts` shows in `scope` (a form's messages after a submit). */
export async function expectTexts(texts: readonly string[], scope: HTMLElement = document.body) {
  for (const text of texts) {
    expect(await within(scope).findByText(text)).toBeTruthy();
  }
}
