// Kept apart from form-field.tsx: the apps' API error helpers load with every page, the form
// pieces only with the pages that have forms.

/**
 * The API's per-field validation messages (its error's `details`), keyed by the field's first
 * path segment (`lines.0.quantity` is `lines`'s), the first message per field: what each field
 * shows under its control. A form whose rows each show their own messages keys them by the
 * whole path instead (`keyOf: (path) => path`).
 */
export function fieldMessages(
  details: readonly { path: string; message: string }[],
  keyOf: (path: string) => string = (path) => path.split('.')[0] ?? path,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const detail of details) fields[keyOf(detail.path)] ??= detail.message;
  return fields;
}
