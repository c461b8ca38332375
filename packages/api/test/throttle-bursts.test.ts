import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { hashPassword, passwordGate } from '../src/auth/password';
import {
  contactMessages,
  legacyAccounts,
  members,
  throttleCounters,
} from '../src/db/schema/accounts';
import type { ErrorBody } from '../src/errors';
import type { TakeoverStatus } from '../src/services/takeover';
import {
  accountsTestApp,
  CONTACT_MESSAGE,
  randomSuffix,
  readJson,
  type TestClient,
} from './support/accounts-app';

// Every throttle reserves its slot before the expensive work, so bursts of parallel attempts
// (on PostgreSQL: over several pooled connections) never get more than the limit through.
// The right password or code is always sent last, with the wrong ones, at once: before the fix,
// every attempt passed the lock check before any failure was counted, and the right one won.

const t = accountsTestApp();

const BURST = 50;
/** Fifty sessions set up one by one, then the burst: seconds on a loaded 2-core machine. */
const SLOW_TEST_MS = 60_000;
const RIGHT = 'correct horse battery';
const WRONG = 'wrong password!';
/**
 * A hash slow enough (~0.1 s) that a burst's attempts all arrive while the first checks still
 * run, as they do against the OWASP cost in production.
 */
const SLOW_PARAMS = { logN: 15, r: 8, p: 1 };

const email = () => `burst-${randomSuffix()}@example.jp`;
const tally = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Clients that already hold a session and its CSRF token, one per address. */
async function clientsAt(addresses: string[]): Promise<TestClient[]> {
  const clients: TestClient[] = [];
  for (const address of addresses) {
    const client = t.client(address);
    await client.session();
    clients.push(client);
  }
  return clients;
}

const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

async function counter(key: string) {
  const [row] = await t.deps.db.orm
    .select()
    .from(throttleCounters)
    .where(eq(throttleCounters.key, key));
  return row;
}

describe('bursts never get past a throttle', () => {
  test(
    'login: 50 wrong passwords and the right one at once, from 51 addresses: exactly 4 answer 401, the rest 429, and no session',
    async () => {
      const { maxAttempts, lockMs } = t.deps.config.accounts.throttle.loginAccount;
      const mail = email();
      expect((await t.client('198.51.100.1').register(mail, RIGHT)).status).toBe(201);
      await t.deps.db.orm
        .update(members)
        .set({ passwordHash: await hashPassword(RIGHT, SLOW_PARAMS) })
        .where(eq(members.email, mail));
      // One address each: only the account's counter can stop them.
      const clients = await clientsAt(range(BURST + 1, (i) => `198.51.101.${i + 1}`));
      const answers = await Promise.all(
        clients.map((c, i) => c.login(mail, i === BURST ? RIGHT : WRONG)),
      );
      const statuses = answers.map((r) => r.status);

      expect(tally(statuses, 401)).toBe(maxAttempts - 1);
      expect(tally(statuses, 429)).toBe(BURST + 1 - (maxAttempts - 1));
      expect(statuses[BURST]).toBe(429);
      expect((await clients[BURST]?.session())?.member).toBeNull();
      const refused = answers[BURST] as Response;
      expect(Number(refused.headers.get('retry-after'))).toBe(lockMs / 1000);
      expect((await readJson<ErrorBody>(refused)).error.code).toBe('too_many_attempts');

      t.advance(lockMs);
      expect((await t.client('198.51.101.250').login(mail, RIGHT)).status).toBe(200);
    },
    SLOW_TEST_MS,
  );

  test(
    'login: 50 wrong passwords for 50 accounts at once from one address: exactly the address limit is checked',
    async () => {
      // A lower address limit for this file, so every admitted check fits the hash queue.
      const loginAddress = { ...t.deps.config.accounts.throttle.loginAddress, maxAttempts: 10 };
      t.deps.config.accounts.throttle = { ...t.deps.config.accounts.throttle, loginAddress };
      const clients = await clientsAt(range(BURST, () => '198.51.102.1'));
      const mails = range(BURST, email);
      const statuses = (
        await Promise.all(clients.map((c, i) => c.login(mails[i] ?? '', WRONG)))
      ).map((r) => r.status);
      expect(tally(statuses, 401)).toBe(loginAddress.maxAttempts - 1);
      expect(tally(statuses, 429)).toBe(BURST - (loginAddress.maxAttempts - 1));
      // The refused attempts gave back the slots they had taken in their accounts' counters
      // (an emptied counter is deleted): only the checked accounts count one failure each.
      const accounts = await t.deps.db.orm
        .select({ failures: throttleCounters.failures })
        .from(throttleCounters)
        .where(
          inArray(
            throttleCounters.key,
            mails.map((m) => `login-account:${m}`),
          ),
        );
      expect(accounts.map((a) => a.failures)).toEqual(Array(loginAddress.maxAttempts).fill(1));
    },
    SLOW_TEST_MS,
  );

  test(
    'registration: 50 registrations of a taken e-mail address at once from one address: exactly 9 answer 409, the rest 429, and the address is locked',
    async () => {
      const { maxAttempts, lockMs } = t.deps.config.accounts.throttle.register;
      const taken = email();
      expect((await t.client('198.51.103.1').register(taken)).status).toBe(201);
      const clients = await clientsAt(range(BURST, () => '198.51.103.2'));
      const answers = await Promise.all(clients.map((c) => c.register(taken)));
      const statuses = answers.map((r) => r.status);
      expect(tally(statuses, 409)).toBe(maxAttempts - 1);
      expect(tally(statuses, 429)).toBe(BURST - (maxAttempts - 1));
      const [membersOfTaken] = await t.deps.db.orm
        .select({ n: count() })
        .from(members)
        .where(eq(members.email, taken));
      expect(membersOfTaken?.n).toBe(1);

      const fresh = await (await clientsAt(['198.51.103.2']))[0]?.register(email());
      expect(fresh?.status).toBe(429);
      expect(Number(fresh?.headers.get('retry-after'))).toBe(lockMs / 1000);
      expect((await readJson<ErrorBody>(fresh as Response)).error.message).toBe(
        '会員登録の試行回数が上限に達しました。60分後にもう一度お試しください。',
      );
      // Nothing of it was counted as a member created.
      expect((await counter('register-members:198.51.103.2'))?.failures ?? 0).toBe(0);
    },
    SLOW_TEST_MS,
  );

  test(
    'registration: 50 new members at once from one address: never more than the cap, and exactly the cap within the hour',
    async () => {
      const { register, registerMembers } = t.deps.config.accounts.throttle;
      // A family or an office: more members than failed attempts are allowed.
      expect(registerMembers.maxAttempts).toBeGreaterThan(register.maxAttempts);
      const clients = await clientsAt(range(BURST, () => '198.51.104.1'));
      const statuses = (await Promise.all(clients.map((c) => c.register(email())))).map(
        (r) => r.status,
      );
      const burstCreated = tally(statuses, 201);
      expect(burstCreated).toBeLessThanOrEqual(registerMembers.maxAttempts);
      expect(tally(statuses, 429)).toBe(BURST - burstCreated);

      let created = burstCreated;
      for (;;) {
        const res = await (await clientsAt(['198.51.104.1']))[0]?.register(email());
        if (res?.status !== 201) {
          expect(res?.status).toBe(429);
          break;
        }
        created++;
      }
      expect(created).toBe(registerMembers.maxAttempts);
      // Successes are not failures: the address may still be refused a taken e-mail with 409.
      expect((await counter('register-address:198.51.104.1'))?.failures ?? 0).toBe(0);
    },
    SLOW_TEST_MS,
  );

  test(
    'takeover: 50 wrong passwords and the right one at once: exactly 4 answer 401, the rest 429, and nothing is linked',
    async () => {
      const { maxAttempts } = t.deps.config.accounts.throttle.takeover;
      const legacyEmail = `legacy-${randomSuffix()}@example.jp`;
      await t.deps.db.orm
        .insert(legacyAccounts)
        .values({ email: legacyEmail, passwordHash: await hashPassword(RIGHT, SLOW_PARAMS) });
      const member = t.client('198.51.105.1');
      expect((await member.register(email())).status).toBe(201);
      const answers = await Promise.all(
        range(BURST + 1, (i) => (i === BURST ? RIGHT : WRONG)).map((password) =>
          member.post('/api/takeover/usertakeover/', { email: legacyEmail, password }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(tally(statuses, 401)).toBe(maxAttempts - 1);
      expect(tally(statuses, 429)).toBe(BURST + 1 - (maxAttempts - 1));
      expect(statuses[BURST]).toBe(429);
      const status = await readJson<TakeoverStatus>(
        await member.get('/api/takeover/usertakeover/'),
      );
      expect(status.linked).toBe(false);
    },
    SLOW_TEST_MS,
  );

  test(
    'contact form: 50 messages at once from one address: exactly 5 are stored, the rest answer 429',
    async () => {
      const { maxAttempts, windowMs } = t.deps.config.accounts.throttle.contact;
      const sender = `contact-${randomSuffix()}@example.jp`;
      const clients = await clientsAt(range(BURST, () => '198.51.106.1'));
      const answers = await Promise.all(
        clients.map((c) => c.post('/api/contact/', { ...CONTACT_MESSAGE, email: sender })),
      );
      const statuses = answers.map((r) => r.status);
      expect(tally(statuses, 201)).toBe(maxAttempts);
      expect(tally(statuses, 429)).toBe(BURST - maxAttempts);
      const refused = answers.find((r) => r.status === 429) as Response;
      expect(Number(refused.headers.get('retry-after'))).toBe(windowMs / 1000);
      const [stored] = await t.deps.db.orm
        .select({ n: count() })
        .from(contactMessages)
        .where(eq(contactMessages.email, sender));
      expect(stored?.n).toBe(maxAttempts);
    },
    SLOW_TEST_MS,
  );
});

describe('password hash queue', () => {
  /** Fills every running slot and every queue place of the gate until `release()`. */
  function fillGate() {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { concurrency, queue } = passwordGate.limits;
    const tasks = range(concurrency + queue, () => '').map(() => passwordGate.run(() => held));
    expect(passwordGate.running).toBe(concurrency);
    expect(passwordGate.waiting).toBe(queue);
    return async () => {
      release();
      await Promise.all(tasks);
    };
  }

  test(
    'when full, logins (known and unknown e-mail), registrations, takeovers and withdrawals are refused at once with 503 and Retry-After, and nothing counts',
    async () => {
      const mail = email();
      const member = t.client('198.51.107.1');
      expect((await member.register(mail, RIGHT)).status).toBe(201);
      const guest = (await clientsAt(['198.51.107.2']))[0] as TestClient;

      const release = fillGate();
      const answers = [
        await guest.login(mail, RIGHT),
        await guest.login(email(), RIGHT),
        await guest.register(email()),
        await member.post('/api/takeover/usertakeover/', {
          email: 'legacy1@example.jp',
          password: RIGHT,
        }),
        await member.post('/api/user/delete/', { password: RIGHT }),
      ];
      await release();

      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('2');
        expect(await readJson<ErrorBody>(answer)).toEqual({
          error: {
            code: 'password_checks_busy',
            message: 'ただいまアクセスが集中しています。数秒後にもう一度お試しください。',
          },
        });
      }
      // Every refused attempt gave its reserved slots back.
      for (const key of [
        `login-account:${mail}`,
        'login-address:198.51.107.2',
        'register-address:198.51.107.2',
        'register-members:198.51.107.2',
        'takeover-address:198.51.107.1',
      ]) {
        expect((await counter(key))?.failures ?? 0, key).toBe(0);
      }
      expect(passwordGate.running).toBe(0);
      expect((await guest.login(mail, RIGHT)).status).toBe(200);
    },
    SLOW_TEST_MS,
  );
});
