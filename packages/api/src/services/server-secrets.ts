import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema/accounts';

/**
 * The secrets the shop keeps in `server_secrets`: the guests' CSRF tokens, the key the staff's
 * TOTP secrets are encrypted with, and the one the first owner's setup token derives from.
 */
export type SecretName = 'guest-csrf' | 'staff-totp' | 'staff-setup';

/**
 * Each database's secrets, read once per process: a secret never changes while instances run
 * (replacing one means deleting its row and restarting every instance, docs/operations.md).
 */
const loaded = new WeakMap<Database, Map<SecretName, Promise<Buffer>>>();

/**
 * The shared secret `name`, created by whichever instance asks first. The insert does nothing
 * when another instance (or request) got there first, and everyone then reads the one stored
 * value, so every instance behind the load balancer signs with the same key without any
 * configuration.
 */
export function serverSecret(db: Database, name: SecretName): Promise<Buffer> {
  const secrets = loaded.get(db) ?? new Map<SecretName, Promise<Buffer>>();
  loaded.set(db, secrets);
  const known = secrets.get(name);
  if (known) return known;
  const reading = storedSecret(db, name);
  secrets.set(name, reading);
  // A failed read (the database unreachable) is tried again by the next request.
  reading.catch(() => secrets.delete(name));
  return reading;
}

/** The stored secret `name`, stored first if no instance has yet (uncached: serverSecret). */
export async function storedSecret(db: Database, name: SecretName): Promise<Buffer> {
  await db.orm
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.orm
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} missing right after its insert`);
  return Buffer.from(row.value, 'base64url');
}
