import { createHmac, timingSafeEqual } from 'node:crypto';

// The tokens of the links a mail carries (unsubscribe, a postponed reservation's cancellation):
// two parts naming what the link acts on, then an HMAC-SHA256 of a message that says what the
// link is for, with the shop's mail key (unsubscribe.ts `signingKey`), so a holder acts without
// logging in and nobody can forge a link for another member, order or kind.

function hmac(key: Buffer, message: string): Buffer {
  return createHmac('sha256', key).update(message).digest();
}

/** `<first>.<second>.<signature of message>`. */
export function signToken(key: Buffer, parts: [string, string], message: string): string {
  return `${parts[0]}.${parts[1]}.${hmac(key, message).toString('base64url')}`;
}

/** A token split into its two parts and its signature, or null when it has not that shape. */
export function splitToken(token: string): { parts: [string, string]; signature: Buffer } | null {
  const [first, second, signed, ...rest] = token.split('.');
  if (rest.length > 0 || first === undefined || second === undefined || signed === undefined) {
    return null;
  }
  return { parts: [first, second], signature: Buffer.from(signed, 'base64url') };
}

/** Whether `signature` is this key's for `message` (compared in constant time). */
export function signatureMatches(key: Buffer, message: string, signature: Buffer): boolean {
  const expected = hmac(key, message);
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}
