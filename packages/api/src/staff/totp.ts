import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../db/client';
import { serverSecret } from '../services/server-secrets';

// Two-factor authentication of staff logins: TOTP (RFC 6238) with otplib's defaults (SHA-1,
// 6 digits, 30-second steps), what every authenticator app reads from an otpauth:// URI.

/** What the authenticator app shows above the code. */
export const TOTP_ISSUER = 'ショップ管理画面';

/**
 * One step either side of the server's clock (±30 s): a phone's clock a little off, or a code
 * typed as it changed, still logs in (RFC 6238, 5.2 allows a step of network delay).
 */
const EPOCH_TOLERANCE_SECONDS = 30;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), Base32. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** What the enrolment page shows: the otpauth:// URI and the same as a QR code (SVG). */
export async function totpEnrolment(secret: string, email: string) {
  const uri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M' });
  return { secret, uri, qrCodeSvg };
}

/**
 * Whether `code` is the secret's code at `now` (±1 step) and newer than `lastStep`, the step of
 * the last code this account used: a code observed over a shoulder or replayed is good once.
 * Answers the code's step to store as the new `lastStep`.
 */
export async function checkTotpCode(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<{ ok: true; step: number } | { ok: false }> {
  if (!/^\d{6}$/.test(code)) return { ok: false };
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // The TOTP strategy's answer carries the step (HOTP's, which shares the type, does not).
  return result.valid && 'timeStep' in result ? { ok: true, step: result.timeStep } : { ok: false };
}

/**
 * The secret as stored: AES-256-GCM under the `staff-totp` server secret, `v1.<iv>.<tag>.<data>`.
 * A copy of the staff table alone (a careless export, a partial backup) then gives nobody the
 * codes; the whole database does, as it holds the key too (docs/backoffice.md says so).
 */
export async function sealTotpSecret(db: Database, secret: string): Promise<string> {
  const key = await serverSecret(db, 'staff-totp');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return `v1.${parts.join('.')}`;
}

/** The secret sealTotpSecret stored. */
export async function openTotpSecret(db: Database, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unreadable TOTP secret');
  const key = await serverSecret(db, 'staff-totp');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
