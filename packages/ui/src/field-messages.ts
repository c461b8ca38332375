// Kept apart from form-field.tsx: the apps' API error helpers load with every page, the form
// pieces only with the pages that have forms.

/**
 * The API's per-field validation messages (its error's `details`), keyed by the field's first
 * path segment (`lines.0.quantity` is `lines`'s), the first message per field: what each field
 * shows under its control.
 */
export function fieldMessages(
  details: readonly { path: string; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const detail of details) {
    const key = detail.path.split('.')[0] ?? detail.path;
    fields[key] ??= detail.message;
  }
  return fields;
}
