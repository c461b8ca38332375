import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTurnstileVerifier, TURNSTILE_SITEVERIFY_URL } from '../src/accounts/turnstile';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/app';
import { contactMessages } from '../src/db/schema/accounts';
import type { ErrorBody } from '../src/errors';
import {
  type AccountsTestApp,
  CONTACT_MESSAGE,
  createAccountsTestApp,
  readJson,
  TestClient,
} from './support/accounts-app';
import { startTurnstileDouble, TURNSTILE_TOKENS } from './support/turnstile-double';

// The contact form's bot check against a local stand-in for Cloudflare Turnstile's siteverify
// (test/support/turnstile-double.ts): what the shop sends, and what each answer becomes.

const SECRET = '0x4AAAAAAAtestsecret';
// Short for the case that waits for it; the other cases wait long enough for a loaded machine.
const TIMEOUT_MS = 300;
const PATIENT_TIMEOUT_MS = 10_000;
let double: Awaited<ReturnType<typeof startTurnstileDouble>>;
let t: AccountsTestApp;
const logged: string[] = [];

const verifier = (secretKey = SECRET, timeoutMs = PATIENT_TIMEOUT_MS) =>
  createTurnstileVerifier(
    { siteKey: '0x4AAAAAAAsitekey', secretKey, verifyUrl: double.url, timeoutMs },
    (message) => logged.push(message),
  );

beforeAll(async () => {
  double = await startTurnstileDouble(SECRET);
  t = await createAccountsTestApp();
}, 60_000);
afterAll(async () => {
  await double?.close();
  await t?.close();
});

describe('the Turnstile verifier', () => {
  test('passes a solved token, sending the secret, the token and the client address', async () => {
    expect(await verifier().verify(TURNSTILE_TOKENS.human, '192.0.2.7')).toBe('passed');
    expect(double.requests.at(-1)).toEqual({
      secret: SECRET,
      response: TURNSTILE_TOKENS.human,
      remoteip: '192.0.2.7',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
    });
  });

  test('refuses an unknown or reused token, and a missing one without asking', async () => {
    expect(await verifier().verify('forged', '192.0.2.7')).toBe('refused');
    expect(await verifier().verify(TURNSTILE_TOKENS.reused, undefined)).toBe('refused');
    const asked = double.requests.length;
    expect(await verifier().verify(undefined, '192.0.2.7')).toBe('refused');
    expect(await verifier().verify('x'.repeat(2049), '192.0.2.7')).toBe('refused');
    expect(double.requests.length).toBe(asked);
  });

  test('is unavailable, not refused, when the service is slow, failing or refuses the secret', async () => {
    logged.length = 0;
    const started = Date.now();
    expect(await verifier(SECRET, TIMEOUT_MS).verify(TURNSTILE_TOKENS.slow, undefined)).toBe(
      'unavailable',
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await verifier().verify(TURNSTILE_TOKENS.broken, undefined)).toBe('unavailable');
    expect(await verifier('wrong-secret').verify(TURNSTILE_TOKENS.human, undefined)).toBe(
      'unavailable',
    );
    const closed = createTurnstileVerifier(
      {
        siteKey: 's',
        secretKey: SECRET,
        verifyUrl: 'http://127.0.0.1:9/siteverify',
        timeoutMs: TIMEOUT_MS,
      },
      (message) => logged.push(message),
    );
    expect(await closed.verify(TURNSTILE_TOKENS.human, undefined)).toBe('unavailable');
    expect(logged).toEqual([
      `bot check: siteverify gave no answer within ${TIMEOUT_MS} ms`,
      'bot check: siteverify answered HTTP 500',
      "bot check: siteverify refused the shop's request (invalid-input-secret)",
      'bot check: siteverify could not be reached or read',
    ]);
    // The operator's log never carries the secret or a token.
    expect(logged.join('\n')).not.toMatch(/testsecret|DUMMY/);
  });
});

describe('the contact form with Turnstile', () => {
  /** Sends the contact form from a client of its own at `address`, with `botToken`. */
  const send = async (app: AccountsTestApp['app'], address: string, botToken: string) => {
    const client = new TestClient(app, address);
    await client.session();
    return client.post('/api/contact/', { ...CONTACT_MESSAGE, botToken });
  };
  const stored = async () =>
    (await t.deps.db.orm.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;

  test('shows the site key, stores a human message, and answers a robot or an outage in Japanese', async () => {
    const app = createApp({ ...t.deps, botCheck: verifier() });
    expect(await (await app.request('/api/contact/')).json()).toMatchObject({
      botCheck: { enabled: true, siteKey: '0x4AAAAAAAsitekey' },
    });
    const before = await stored();

    const robot = await send(app, '192.0.2.31', 'forged');
    expect(robot.status).toBe(400);
    expect((await readJson<ErrorBody>(robot)).error).toEqual({
      code: 'bot_check_failed',
      message: 'ロボットでないことの確認ができませんでした。もう一度お試しください。',
    });

    // An outage (siteverify answers 500; a timeout is the same 'unavailable', tested above).
    const outage = await send(app, '192.0.2.32', TURNSTILE_TOKENS.broken);
    expect(outage.status).toBe(503);
    expect((await readJson<ErrorBody>(outage)).error).toEqual({
      code: 'bot_check_unavailable',
      message:
        'ただいまロボットでないことの確認ができません。しばらくしてからもう一度お試しください。',
    });
    expect(await stored()).toBe(before);

    const human = await send(app, '192.0.2.33', TURNSTILE_TOKENS.human);
    expect(human.status).toBe(201);
    expect(await stored()).toBe(before + 1);
    expect(double.requests.at(-1)?.remoteip).toBe('192.0.2.33');
  });
});

describe('BOT_CHECK_* configuration', () => {
  test('is off by default', () => {
    expect(loadConfig({}).accounts.botCheck).toBeNull();
  });

  test('turns on with both keys, verifying at Turnstile within 5 s unless told otherwise', () => {
    expect(
      loadConfig({ BOT_CHECK_SITE_KEY: 'site', BOT_CHECK_SECRET_KEY: 'secret' }).accounts.botCheck,
    ).toEqual({
      siteKey: 'site',
      secretKey: 'secret',
      verifyUrl: TURNSTILE_SITEVERIFY_URL,
      timeoutMs: 5000,
    });
    expect(
      loadConfig({
        BOT_CHECK_SITE_KEY: 'site',
        BOT_CHECK_SECRET_KEY: 'secret',
        BOT_CHECK_VERIFY_URL: 'http://127.0.0.1:8788/siteverify',
        BOT_CHECK_TIMEOUT_MS: '800',
      }).accounts.botCheck,
    ).toMatchObject({ verifyUrl: 'http://127.0.0.1:8788/siteverify', timeoutMs: 800 });
  });

  test('refuses one key without the other, a plain-HTTP remote endpoint and odd timeouts', () => {
    expect(() => loadConfig({ BOT_CHECK_SITE_KEY: 'site' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ BOT_CHECK_SECRET_KEY: 'secret' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ BOT_CHECK_VERIFY_URL: 'http://verify.example/' })).toThrow(
      /BOT_CHECK_VERIFY_URL/,
    );
    expect(() => loadConfig({ BOT_CHECK_TIMEOUT_MS: '5s' })).toThrow(/BOT_CHECK_TIMEOUT_MS/);
  });
});
