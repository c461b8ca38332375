import { describe, expect, test } from 'vitest';
import { SandboxGateway } from './sandbox-gateway';
import { MemorySandboxStore } from './sandbox-store';
import { createSandboxToken, parseSandboxToken } from './sandbox-token';

const NOW = new Date('2026-04-01T00:00:00+09:00');

function sandbox() {
  const store = new MemorySandboxStore();
  return { store, gateway: new SandboxGateway({ store, now: () => NOW }) };
}

const token = (outcome: 'ok' | 'decline' | 'timeout' = 'ok') => ({
  kind: 'token' as const,
  token: createSandboxToken({ outcome }),
});

describe('sandbox tokens', () => {
  test('round-trip through the documented shape', () => {
    const made = createSandboxToken({
      outcome: 'decline',
      brand: 'JCB',
      last4: '0003',
      expire: '2901',
    });
    expect(made).toMatch(/^tok_sandbox_decline_JCB_0003_2901_[a-z0-9]{12}$/);
    expect(parseSandboxToken(made)).toMatchObject({
      outcome: 'decline',
      brand: 'JCB',
      last4: '0003',
    });
  });

  test('a card number is not a token', () => {
    expect(parseSandboxToken('4111111111111111')).toBeNull();
    expect(parseSandboxToken('tok_sandbox_ok_VISA_4242_3013_abcdefgh')).toBeNull();
  });
});

describe('SandboxGateway.authorize', () => {
  test('an ok token authorises the amount', async () => {
    const { gateway } = sandbox();
    const result = await gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token() });
    expect(result.ok && result.transaction).toMatchObject({ status: 'authorized', amount: 1100 });
  });

  test('is idempotent per order id: a repeat returns the same authorisation', async () => {
    const { gateway, store } = sandbox();
    const first = await gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token() });
    const again = await gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token() });
    expect(first.ok && again.ok && again.transaction.transactionId).toBe(
      first.ok && first.transaction.transactionId,
    );
    expect(store.transactions.size).toBe(1);
  });

  test('concurrent repeats of one order id authorise once', async () => {
    const { gateway, store } = sandbox();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token() }),
      ),
    );
    const ids = new Set(results.map((r) => (r.ok ? r.transaction.transactionId : 'failed')));
    expect(ids.size).toBe(1);
    expect(store.transactions.size).toBe(1);
  });

  test('a decline token is refused and leaves nothing authorised', async () => {
    const { gateway, store } = sandbox();
    const result = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 1100,
      card: token('decline'),
    });
    expect(result).toEqual({ ok: false, reason: 'declined', codes: ['42G020000'] });
    expect(store.transactions.get('S-1')?.status).toBe('entered');
  });

  test('a declined order id can be retried with another card', async () => {
    const { gateway } = sandbox();
    await gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token('decline') });
    const retry = await gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token() });
    expect(retry.ok).toBe(true);
  });

  test('a timeout token authorises at the gateway but answers timeout', async () => {
    const { gateway } = sandbox();
    const result = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 1100,
      card: token('timeout'),
    });
    expect(result).toEqual({ ok: false, reason: 'timeout', codes: [] });
    const looked = await gateway.lookup('S-1');
    expect(looked.ok && looked.transaction?.status).toBe('authorized');
    expect(await gateway.void('S-1')).toEqual({ ok: true, voided: true });
    const after = await gateway.lookup('S-1');
    expect(after.ok && after.transaction?.status).toBe('voided');
  });

  test('tokens are single-use', async () => {
    const { gateway } = sandbox();
    const card = token();
    await gateway.authorize({ gatewayOrderId: 'S-1', amount: 100, card });
    const reuse = await gateway.authorize({ gatewayOrderId: 'S-2', amount: 100, card });
    expect(reuse).toEqual({ ok: false, reason: 'invalid_card', codes: ['E61010003'] });
  });

  test('malformed tokens, expired cards and bad order ids are refused', async () => {
    const { gateway } = sandbox();
    const bad = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 100,
      card: { kind: 'token', token: '4111111111111111' },
    });
    expect(bad.ok || bad.reason).toBe('invalid_card');
    const expired = await gateway.authorize({
      gatewayOrderId: 'S-2',
      amount: 100,
      card: { kind: 'token', token: createSandboxToken({ outcome: 'ok', expire: '2603' }) },
    });
    expect(expired.ok || expired.reason).toBe('invalid_card');
    const current = await gateway.authorize({
      gatewayOrderId: 'S-3',
      amount: 100,
      card: { kind: 'token', token: createSandboxToken({ outcome: 'ok', expire: '2604' }) },
    });
    expect(current.ok).toBe(true);
    const longId = await gateway.authorize({
      gatewayOrderId: 'x'.repeat(28),
      amount: 100,
      card: token(),
    });
    expect(longId.ok || longId.reason).toBe('rejected');
  });
});

describe('SandboxGateway capture and void', () => {
  test('captures an authorisation once, and a voided one cannot be re-authorised', async () => {
    const { gateway } = sandbox();
    const auth = await gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token() });
    if (!auth.ok) throw new Error('expected authorisation');
    const captured = await gateway.capture(auth.transaction, 1100);
    expect(captured.ok && captured.transaction.status).toBe('captured');
    expect((await gateway.capture(auth.transaction, 1100)).ok).toBe(true);
    expect(await gateway.void('S-1')).toEqual({ ok: true, voided: true });
    const again = await gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token() });
    expect(again.ok || again.reason).toBe('duplicate');
  });

  test('capture needs the access pair and at most the authorised amount', async () => {
    const { gateway } = sandbox();
    const auth = await gateway.authorize({ gatewayOrderId: 'S-1', amount: 1100, card: token() });
    if (!auth.ok) throw new Error('expected authorisation');
    const wrong = await gateway.capture({ ...auth.transaction, accessPass: 'nope' }, 1100);
    expect(wrong.ok || wrong.reason).toBe('not_found');
    const more = await gateway.capture(auth.transaction, 1101);
    expect(more.ok || more.reason).toBe('rejected');
  });

  test('void of an unknown order id is a no-op', async () => {
    const { gateway } = sandbox();
    expect(await gateway.void('S-404')).toEqual({ ok: true, voided: false });
  });
});

describe('SandboxGateway members and cards', () => {
  test('saves a card from a token, lists and deletes it, and charges it', async () => {
    const { gateway } = sandbox();
    await gateway.registerMember('M1');
    const saved = await gateway.saveCard(
      'M1',
      createSandboxToken({ outcome: 'ok', brand: 'MASTER', last4: '4444', expire: '2812' }),
    );
    expect(saved).toEqual({
      ok: true,
      card: { cardSeq: '0', brand: 'MASTER', last4: '4444', expire: '2812' },
    });
    const charged = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 300,
      card: { kind: 'saved', gatewayMemberId: 'M1', cardSeq: '0' },
    });
    expect(charged.ok).toBe(true);
    expect(await gateway.deleteCard('M1', '0')).toEqual({ ok: true });
    expect(await gateway.listCards('M1')).toEqual({ ok: true, cards: [] });
    const gone = await gateway.authorize({
      gatewayOrderId: 'S-2',
      amount: 300,
      card: { kind: 'saved', gatewayMemberId: 'M1', cardSeq: '0' },
    });
    expect(gone.ok || gone.reason).toBe('invalid_card');
  });

  test('a card needs a registered member and a card the company accepts', async () => {
    const { gateway } = sandbox();
    const noMember = await gateway.saveCard('M1', createSandboxToken({ outcome: 'ok' }));
    expect(noMember.ok || noMember.reason).toBe('not_found');
    await gateway.registerMember('M1');
    const declined = await gateway.saveCard('M1', createSandboxToken({ outcome: 'decline' }));
    expect(declined.ok || declined.reason).toBe('declined');
  });
});
