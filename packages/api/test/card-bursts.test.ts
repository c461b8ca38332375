import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { members, savedCards } from '../src/db/schema/accounts';
import type { ErrorBody } from '../src/errors';
import type { PaymentGateway } from '../src/payments/gateway';
import { createSandboxToken } from '../src/payments/sandbox/sandbox-token';
import { SAVED_CARD_LIMIT } from '../src/services/cards';
import { accountsTestApp, randomSuffix, readJson, type TestClient } from './support/accounts-app';

// POST /api/gmo-multipay/creditcard/ under bursts (on PostgreSQL: over several pooled
// connections). Before the fix, every request counted the saved cards before any was stored,
// and nothing counted refused tokens: all 50 reached the gateway and every good one was kept.

const t = accountsTestApp();
afterEach(() => {
  vi.restoreAllMocks();
});

const BURST = 50;
const SLOW_TEST_MS = 60_000;
const CARDS = '/api/gmo-multipay/creditcard/';
const tally = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function member(address: string): Promise<TestClient> {
  const client = t.client(address);
  expect((await client.register(`card-${randomSuffix()}@example.jp`)).status).toBe(201);
  return client;
}

async function memberId(client: TestClient): Promise<number> {
  const session = await client.session();
  return session.member?.id ?? Number.NaN;
}

async function savedCount(id: number): Promise<number> {
  const [row] = await t.deps.db.orm
    .select({ n: count() })
    .from(savedCards)
    .where(eq(savedCards.memberId, id));
  return row?.n ?? 0;
}

/** Counts the cards the gateway is asked to save. */
function gatewaySaves() {
  return vi.spyOn(t.deps.payments as PaymentGateway, 'saveCard');
}

async function codes(answers: Response[], status: number): Promise<string[]> {
  const bodies = await Promise.all(
    answers.filter((r) => r.status === status).map((r) => readJson<ErrorBody>(r)),
  );
  return [...new Set(bodies.map((b) => b.error.code))];
}

describe('saved-card limit under a burst', () => {
  test(
    'a member holding one card sends 50 good tokens at once: exactly 4 are saved, 46 answer 409 card_limit_reached, and the gateway saves only those 4',
    async () => {
      const client = await member('198.51.110.1');
      const id = await memberId(client);
      expect(
        (await client.post(CARDS, { token: createSandboxToken({ outcome: 'ok' }) })).status,
      ).toBe(201);
      const saves = gatewaySaves();
      const answers = await Promise.all(
        Array.from({ length: BURST }, () =>
          client.post(CARDS, { token: createSandboxToken({ outcome: 'ok' }) }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      const free = SAVED_CARD_LIMIT - 1;
      expect(tally(statuses, 201)).toBe(free);
      expect(tally(statuses, 409)).toBe(BURST - free);
      expect(await codes(answers, 409)).toEqual(['card_limit_reached']);
      expect(await savedCount(id)).toBe(SAVED_CARD_LIMIT);
      expect(saves).toHaveBeenCalledTimes(free);
      // Every reserved slot was given back: deleting a card frees one for the next.
      const { cards } = await readJson<{ cards: { id: number }[] }>(await client.get(CARDS));
      expect((await client.delete(`${CARDS}${cards[0]?.id}/`)).status).toBe(204);
      expect(
        (await client.post(CARDS, { token: createSandboxToken({ outcome: 'ok' }) })).status,
      ).toBe(201);
    },
    SLOW_TEST_MS,
  );
});

describe('card testing: refused card registrations are throttled', () => {
  test(
    'one member sends 50 declined tokens at once: the gateway sees exactly 5, the 5th refusal answers 429, and the member is locked even for a good card',
    async () => {
      const { maxAttempts, lockMs } = t.deps.config.accounts.throttle.cardMember;
      const client = await member('198.51.111.1');
      const id = await memberId(client);
      const saves = gatewaySaves();
      const answers = await Promise.all(
        Array.from({ length: BURST }, () =>
          client.post(CARDS, { token: createSandboxToken({ outcome: 'decline' }) }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(saves).toHaveBeenCalledTimes(maxAttempts);
      expect(tally(statuses, 400)).toBe(maxAttempts - 1);
      expect(await codes(answers, 400)).toEqual(['card_declined']);
      // The rest found the slots of the in-flight registrations taken, or the member locked.
      expect(tally(statuses, 409) + tally(statuses, 429)).toBe(BURST - (maxAttempts - 1));
      expect(await codes(answers, 429)).toEqual(['too_many_attempts']);

      const good = await client.post(CARDS, { token: createSandboxToken({ outcome: 'ok' }) });
      expect(good.status).toBe(429);
      expect(Number(good.headers.get('retry-after'))).toBe(lockMs / 1000);
      expect(saves).toHaveBeenCalledTimes(maxAttempts);
      expect(await savedCount(id)).toBe(0);
    },
    SLOW_TEST_MS,
  );

  test(
    'twelve members behind one address send 4 declined tokens each, all at once: the gateway sees exactly the address limit',
    async () => {
      const { maxAttempts } = t.deps.config.accounts.throttle.cardAddress;
      // One fewer than a member's own limit, so only the address's counter can stop them.
      const each = t.deps.config.accounts.throttle.cardMember.maxAttempts - 1;
      const address = '198.51.112.1';
      const clients: TestClient[] = [];
      for (let i = 0; i < 12; i++) clients.push(await member(address));
      const saves = gatewaySaves();
      const answers = await Promise.all(
        clients.flatMap((client) =>
          Array.from({ length: each }, () =>
            client.post(CARDS, { token: createSandboxToken({ outcome: 'decline' }) }),
          ),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(saves).toHaveBeenCalledTimes(maxAttempts);
      // The refusal that fills the address's counter already answers 429.
      expect(tally(statuses, 400)).toBe(maxAttempts - 1);
      expect(tally(statuses, 429)).toBe(answers.length - (maxAttempts - 1));
      // A good card from another member behind the same address is refused too.
      const other = clients[0] as TestClient;
      expect(
        (await other.post(CARDS, { token: createSandboxToken({ outcome: 'ok' }) })).status,
      ).toBe(429);
      expect(saves).toHaveBeenCalledTimes(maxAttempts);
      // A refused token never stores the member's gateway id.
      const ids = await Promise.all(clients.map(memberId));
      for (const id of ids) {
        const [row] = await t.deps.db.orm
          .select({ gatewayMemberId: members.gatewayMemberId })
          .from(members)
          .where(eq(members.id, id));
        expect(row?.gatewayMemberId).toBeNull();
      }
    },
    SLOW_TEST_MS,
  );
});

describe('a card registration racing a withdrawal', () => {
  test('a card the gateway saves while its member withdraws is taken back at the gateway, not stored', async () => {
    const client = await member('198.51.113.1');
    const id = await memberId(client);
    const gateway = t.deps.payments as PaymentGateway;
    const saveCard = gateway.saveCard.bind(gateway);
    vi.spyOn(gateway, 'saveCard').mockImplementationOnce(async (gatewayMemberId, token) => {
      const saved = await saveCard(gatewayMemberId, token);
      const withdrawal = await client.post('/api/user/delete/', {
        password: 'correct horse battery',
      });
      expect(withdrawal.status).toBe(200);
      return saved;
    });
    const deletes = vi.spyOn(gateway, 'deleteCard');
    const res = await client.post(CARDS, { token: createSandboxToken({ outcome: 'ok' }) });
    expect(res.status).toBe(401);
    expect((await readJson<ErrorBody>(res)).error.code).toBe('login_required');
    expect(await savedCount(id)).toBe(0);
    expect(deletes).toHaveBeenCalledTimes(1);
  });
});
