import { fireEvent, screen, within } from '@testing-library/react';
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

/** Types `value` into the field `label` of `scope` (one change event, as a paste). */
export function type(label: string, value: string, scope: HTMLElement = document.body) {
  fireEvent.change(field(label, scope), { target: { value } });
}

/** Types each value into the field its label names, in order. */
export function fill(values: Readonly<Record<string, string>>, scope: HTMLElement = document.body) {
  for (const [label, value] of Object.entries(values)) type(label, value, scope);
}

/** Waits until every one of `texts` shows in `scope` (a form's messages after a submit). */
export async function expectTexts(texts: readonly string[], scope: HTMLElement = document.body) {
  for (const text of texts) {
    expect(await within(scope).findByText(text)).toBeTruthy();
  }
}

/** Presses the button `name` in `scope`, then waits for `done` on the page (a request's toast). */
export async function pressThenFind(
  name: string,
  done: string,
  scope: HTMLElement = document.body,
) {
  fireEvent.click(within(scope).getByRole('button', { name }));
  expect(await screen.findByText(done)).toBeTruthy();
}
