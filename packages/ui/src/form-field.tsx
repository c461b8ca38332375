// How a form's controls, messages and failure are wired for assistive technology, in both the
// storefront and the back office (docs/architecture.md, "Shared UI"). Each app draws its own
// field frame (label, 必須 mark, hint) in its own classes around these pieces.

/** The id of a field's message, which its control is described by. */
const errorId = (controlId: string) => `${controlId}-error`;
/** The id of a field's hint, which its control is described by. */
const hintId = (controlId: string) => `${controlId}-hint`;

/**
 * What a control says about its field's message: invalid and described by it, or nothing, so a
 * screen reader reads the message with the control.
 */
export function fieldAria(controlId: string, message: string | undefined) {
  return message
    ? { 'aria-invalid': true as const, 'aria-describedby': errorId(controlId) }
    : ({} as { 'aria-invalid'?: true; 'aria-describedby'?: string });
}

/** `fieldAria` for a field with a hint too: the control is described by its hint, then message. */
export function hintedFieldAria(controlId: string, message: string | undefined, hint?: string) {
  const aria = fieldAria(controlId, message);
  if (!hint) return aria;
  const describedBy = [hintId(controlId), aria['aria-describedby']].filter(Boolean).join(' ');
  return { ...aria, 'aria-describedby': describedBy };
}

/**
 * A field's message under its control, with the id `fieldAria` points the control to; role
 * `alert` announces it as it appears (the back office's page forms), else it is read with the
 * control.
 */
export function FieldError({
  controlId,
  message,
  role,
}: {
  controlId: string;
  message: string | undefined;
  role?: 'alert';
}) {
  if (!message) return null;
  return (
    <p id={errorId(controlId)} className="field-error" role={role}>
      {message}
    </p>
  );
}

/** A field's hint under its control, with the id `fieldAria` points the control to. */
export function FieldHint({ controlId, hint }: { controlId: string; hint: string | undefined }) {
  if (!hint) return null;
  return (
    <p className="field-hint" id={hintId(controlId)}>
      {hint}
    </p>
  );
}

/** The failure of a whole form (the API refused it), announced as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** A select's options, each its value and label. */
export function OptionList({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
