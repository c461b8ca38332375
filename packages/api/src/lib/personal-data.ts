import { scanLines } from './scan-lines';

// What must never appear in the shop's logs: shoppers' e-mail addresses, password hashes and
// session ids. The same patterns mask them in every log line (errors.ts `logLine`) and find
// them in CI's scan of the logs (bench/scan-card-numbers.ts), so the two cannot drift apart.

/** The kinds of personal data the log scan looks for. */
export type PersonalDataKind = 'email' | 'password_hash' | 'session_id';

const PATTERNS: Record<PersonalDataKind, RegExp> = {
  // An address with a dotted domain ending in letters: `pnpm@10.34.9` and `@shop/rules` are not.
  email: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g,
  // auth/password.ts's format, `$scrypt$ln=…,r=…,p=…$salt$key`, whole or cut short.
  password_hash: /\$scrypt\$(?:ln=\d+,r=\d+,p=\d+(?:\$[A-Za-z0-9+/=]*){0,2})?/g,
  // A session id as a cookie carries it (`sid=…`, `__Host-sid=…`): 22 characters of base64url.
  // A bare id cannot be told from any other word of 22 letters, so the cookie is what is found.
  session_id: /(?:__Host-)?\bsid=[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g,
};

const MASKS: Record<PersonalDataKind, string> = {
  email: '[e-mail]',
  password_hash: '[password hash]',
  session_id: 'sid=[session id]',
};

const KINDS = Object.keys(PATTERNS) as PersonalDataKind[];

/** Replaces every e-mail address, password hash and session cookie in `text` by a mask. */
export function redactPersonalData(text: string): string {
  let redacted = text;
  for (const kind of KINDS) redacted = redacted.replace(PATTERNS[kind], MASKS[kind]);
  return redacted;
}

/** Personal data found in a log: its kind and line (from 1), never the value itself. */
export interface PersonalDataFinding {
  kind: PersonalDataKind;
  line: number;
}

/**
 * Each e-mail address, password hash and session cookie of a log or captured output, by line
 * (`scanLines`, colour codes removed).
 */
export function scanForPersonalData(text: string): PersonalDataFinding[] {
  return scanLines(text, (line) =>
    KINDS.flatMap((kind) => Array.from(line.matchAll(PATTERNS[kind]), () => ({ kind }))),
  );
}
