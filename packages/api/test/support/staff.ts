import { STAFF_ROLES, type StaffActor } from '../../src/staff/access';

/** One actor per role, for tests across the back office. */
export const ACTOR_OF_ROLE = Object.fromEntries(
  STAFF_ROLES.map((role, index) => [
    role,
    { staffId: index + 1, name: `テスト${role}`, role, via: 'session' } satisfies StaffActor,
  ]),
) as Record<(typeof STAFF_ROLES)[number], StaffActor>;
