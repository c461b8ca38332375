import { FormField, fieldAria, InputField } from './form-field';
import { PasswordInput } from './password-input';

interface AccountFieldProps {
  controlId: string;
  label: string;
  /** Marks the label 必須 (the input is required either way). */
  marked?: boolean;
  /** The API's message for the field, shown under it. */
  message?: string | undefined;
}

/** A member's e-mail address, as long as the API takes (254 characters). */
export function EmailField({
  controlId,
  label,
  marked,
  message,
  name = 'email',
  autoComplete,
}: AccountFieldProps & { name?: string; autoComplete: 'username' | 'email' }) {
  return (
    <InputField
      controlId={controlId}
      label={label}
      required
      marked={marked ?? false}
      message={message}
      name={name}
      type="email"
      autoComplete={autoComplete}
      maxLength={254}
    />
  );
}

/**
 * A member's password: the current one (to log in or confirm a change) or a new one, which
 * takes the registration's rule of 8 characters or more.
 */
export function PasswordField({
  controlId,
  label,
  marked,
  message,
  fresh,
}: AccountFieldProps & { fresh: boolean }) {
  return (
    <FormField controlId={controlId} label={label} required={marked} message={message}>
      <PasswordInput
        id={controlId}
        name="password"
        autoComplete={fresh ? 'new-password' : 'current-password'}
        required
        {...(fresh ? { minLength: 8 } : {})}
        maxLength={128}
        {...fieldAria(controlId, message)}
      />
    </FormField>
  );
}
