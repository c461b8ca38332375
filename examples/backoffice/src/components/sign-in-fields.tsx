import { TextField } from './form-field';

/** What `useForm().field(name)` gives a field: its value, change handler and message. */
interface FieldBinding {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | undefined;
}

/** A staff member's e-mail address, their login name (the browser offers the saved one). */
export function EmailField(binding: FieldBinding) {
  return (
    <TextField label="メールアドレス" type="email" autoComplete="username" {...binding} required />
  );
}

/**
 * A new password typed twice (the first owner's setup, the password change): `label` and
 * `label（確認）`, both kept from the browser's autofill of the current password.
 */
export function NewPasswordFields({
  label,
  password,
  confirm,
}: {
  label: string;
  password: FieldBinding;
  confirm: FieldBinding;
}) {
  return (
    <>
      <TextField label={label} type="password" autoComplete="new-password" {...password} required />
      <TextField
        label={`${label}（確認）`}
        type="password"
        autoComplete="new-password"
        {...confirm}
        required
      />
    </>
  );
}

/** The message for a two-factor code that is not the app's six digits. */
export const TOTP_CODE_MESSAGE = '認証アプリに表示されている6桁の数字を入力してください。';

/** Whether `input` has the shape of an authenticator app's code (the API judges its value). */
export function isTotpCode(input: string): boolean {
  return /^\d{6}$/.test(input.trim());
}

/** The authenticator app's six-digit code (login's second step, two-factor enrolment). */
export function TotpCodeField({
  hint,
  autoFocus,
  ...binding
}: FieldBinding & { hint?: string; autoFocus?: boolean }) {
  return (
    <TextField
      label="確認コード"
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...binding}
      required
      autoFocus={autoFocus}
    />
  );
}
