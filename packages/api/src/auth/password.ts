import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { ThrottledError } from '../errors';
import { WorkGate } from '../lib/work-gate';

/**
 * scrypt cost parameters. The defaults are OWASP's Password Storage Cheat Sheet recommendation
 * (N=2^17, r=8, p=1): about 128 MiB and a few hundred milliseconds per hash on this hardware.
 */
export interface PasswordParams {
  /** log2 of the CPU/memory cost N. */
  logN: number;
  r: number;
  p: number;
}

export const OWASP_SCRYPT_PARAMS: PasswordParams = { logN: 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** A password longer than this is refused before hashing so nobody can make us hash megabytes. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE threads, 4 by default), which file
 * reads, compression and DNS share: were every thread busy hashing, page rendering would wait
 * behind the hashes. So at most all but two threads hash at once (two with the default pool,
 * ~256 MiB at the OWASP cost), and at most eight times that many checks wait for a turn
 * (~3 s at 0.4 s a hash); any more are refused at once with 503 `password_checks_busy`.
 * libuv reads the same variable when it starts the pool. Every hash, verification and the
 * unknown-address burn goes through this one gate.
 */
const poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const concurrency = Math.max(1, poolSize - 2);
export const passwordGate = new WorkGate({ concurrency, queue: 8 * concurrency });

/** Retry-After of a refused check: the queue drains within a few seconds. */
const BUSY_RETRY_SECONDS = 2;

function passwordChecksBusy(): ThrottledError {
  return new ThrottledError(
    503,
    'password_checks_busy',
    'ただいまアクセスが集中しています。数秒後にもう一度お試しください。',
    BUSY_RETRY_SECONDS,
  );
}

/** Derives a key through `passwordGate`; throws `passwordChecksBusy()` when its queue is full. */
async function derive(password: string, salt: Buffer, params: PasswordParams): Promise<Buffer> {
  const result = await passwordGate.run(() => scryptKey(password, salt, params));
  if (!result.admitted) throw passwordChecksBusy();
  return result.value;
}

function scryptKey(password: string, salt: Buffer, params: PasswordParams): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // Node refuses anything above 32 MiB unless told; 128 * N * r is what scrypt needs.
    maxmem: 128 * N * params.r * params.p + 32 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password into a self-describing string
 * `$scrypt$ln=17,r=8,p=1$<salt base64>$<key base64>`, so old hashes keep verifying after the
 * parameters change. The password is NFKC-normalised first, so a full-width and a half-width
 * spelling of the same characters (as Japanese IMEs produce) are the same password.
 * Like every check, it throws the 503 `password_checks_busy` when the hash queue is full.
 *
 * @example
 * const stored = await hashPassword('correct horse', OWASP_SCRYPT_PARAMS);
 * await verifyPassword('correct horse', stored); // => { ok: true, needsRehash: false }
 */
export async function hashPassword(
  password: string,
  params: PasswordParams = OWASP_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  params: PasswordParams;
  salt: Buffer;
  key: Buffer;
}

const HASH_PATTERN =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function parseHash(stored: string): ParsedHash | undefined {
  const m = HASH_PATTERN.exec(stored);
  if (!m) return undefined;
  return {
    params: { logN: Number(m[1]), r: Number(m[2]), p: Number(m[3]) },
    salt: Buffer.from(m[4] ?? '', 'base64'),
    key: Buffer.from(m[5] ?? '', 'base64'),
  };
}

export interface PasswordCheck {
  ok: boolean;
  /** The hash was made with other parameters than `current`: store a fresh hash after login. */
  needsRehash: boolean;
}

/**
 * Checks a password against a stored hash in constant time (timingSafeEqual on the derived
 * keys). A malformed stored hash never matches.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  current: PasswordParams = OWASP_SCRYPT_PARAMS,
): Promise<PasswordCheck> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length !== KEY_BYTES) return { ok: false, needsRehash: false };
  const key = await derive(password, parsed.salt, parsed.params);
  const ok = timingSafeEqual(key, parsed.key);
  const { logN, r, p } = parsed.params;
  const needsRehash = logN !== current.logN || r !== current.r || p !== current.p;
  return { ok, needsRehash: ok && needsRehash };
}

/**
 * Spends the same work as a real verification, for an e-mail address with no account, so the
 * answer time does not reveal which addresses are registered; through the same gate, so it is
 * refused when a real check would be.
 */
export async function burnPasswordCheck(
  password: string,
  current: PasswordParams = OWASP_SCRYPT_PARAMS,
): Promise<void> {
  await derive(password, randomBytes(SALT_BYTES), current);
}
