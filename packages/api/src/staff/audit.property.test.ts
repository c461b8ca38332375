import { STAFF_ROLES } from '@shop/rules';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { ordersTestApp } from '../../test/support/orders-app';
import { insertStaffMember, type StaffFixture } from '../../test/support/staff';
import { txRows } from '../db/tx';

// Replay a failure with FC_SEED=<seed printed by fast-check>.
const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const fcParams = (numRuns: number) => ({ numRuns, ...(seed === undefined ? {} : { seed }) });

const t = ordersTestApp();
let owner: StaffFixture;
let staff: StaffFixture;
/** Ids the commands pick targets from: what they created, and one that never exists. */
const staffIds: number[] = [999_999];
const tokenIds: number[] = [999_999];

beforeAll(async () => {
  owner = await insertStaffMember(t, 'owner');
  staff = await insertStaffMember(t, 'staff');
  staffIds.push(staff.id);
}, 60_000);

async function auditCount(): Promise<number> {
  const [row] = await txRows<{ n: number }>(
    t.db.orm,
    sql`select count(*)::int as n from audit_log`,
  );
  return row?.n ?? 0;
}

const roleArb = fc.constantFrom(...STAFF_ROLES);
/** Mostly valid, sometimes refused (too short, not a role) values. */
const passwordArb = fc.oneof(fc.constant('temporary pass 1'), fc.constant('short'));
const whoArb = fc.constantFrom('owner', 'staff') as fc.Arbitrary<'owner' | 'staff'>;
const pick = (ids: number[], index: number) => ids[index % ids.length] ?? 999_999;

/** One staff write of this area, by the owner or by a plain staff member. */
const commandArb = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    who: whoArb,
    email: fc.constantFrom(
      'a@example.jp',
      'B@example.jp',
      'b@example.jp',
      'c@example.jp',
      'not-an-address',
    ),
    role: fc.oneof(roleArb, fc.constant('admin')),
    password: passwordArb,
  }),
  fc.record({
    kind: fc.constant('update' as const),
    who: whoArb,
    target: fc.nat(),
    patch: fc.record(
      { name: fc.constantFrom('改名', ''), role: roleArb, disabled: fc.boolean() },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ kind: fc.constant('unlock' as const), who: whoArb, target: fc.nat() }),
  fc.record({
    kind: fc.constant('token' as const),
    who: whoArb,
    name: fc.constantFrom('同期', ''),
    role: fc.option(roleArb, { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('revoke' as const), who: whoArb, target: fc.nat() }),
);
type Command = typeof commandArb extends fc.Arbitrary<infer C> ? C : never;

async function run(command: Command): Promise<Response> {
  const client = (command.who === 'owner' ? owner : staff).client;
  switch (command.kind) {
    case 'create': {
      const res = await client.post('/api/admin/staff/', {
        email: command.email,
        name: 'スタッフ',
        role: command.role,
        temporaryPassword: command.password,
      });
      if (res.status === 201) staffIds.push(((await res.clone().json()) as { id: number }).id);
      return res;
    }
    case 'update':
      return client.request(
        'PATCH',
        `/api/admin/staff/${pick(staffIds, command.target)}/`,
        command.patch,
      );
    case 'unlock':
      return client.post(`/api/admin/staff/${pick(staffIds, command.target)}/unlock/`);
    case 'token': {
      const res = await client.post('/api/admin/tokens/', {
        name: command.name,
        ...(command.role === undefined ? {} : { role: command.role }),
      });
      if (res.status === 201)
        tokenIds.push(((await res.clone().json()) as { token: { id: number } }).token.id);
      return res;
    }
    case 'revoke':
      return client.request('DELETE', `/api/admin/tokens/${pick(tokenIds, command.target)}/`);
    default:
      return command satisfies never;
  }
}

describe('properties', () => {
  test('is exact: every successful staff write adds one audit entry, every refused one none', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const command of commands) {
          const before = await auditCount();
          const res = await run(command);
          statuses.add(res.status);
          // No answer is a server error, and the log moves by exactly the write's success.
          expect(res.status, JSON.stringify(command)).toBeLessThan(500);
          expect(await auditCount(), JSON.stringify(command)).toBe(before + (res.ok ? 1 : 0));
        }
      }),
      fcParams(25),
    );
    // The runs met both outcomes (so the law was tested on each).
    expect([...statuses].some((s) => s < 300)).toBe(true);
    expect([...statuses].some((s) => s >= 400)).toBe(true);
  }, 300_000);
});
