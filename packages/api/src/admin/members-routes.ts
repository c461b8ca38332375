import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { idParamSchema } from '../schemas/params';
import { staffAuth, staffOf } from '../staff/access';
import { listPageSchema } from './list-page';
import { adjustPoints, listMembers, memberDetail, unlockMember } from './members';
import {
  memberDetailSchema,
  memberListQuery,
  memberLocksSchema,
  memberSummarySchema,
  pointAdjustmentResultSchema,
  pointAdjustmentSchema,
} from './members-schemas';

// /api/admin/members/ (docs/backoffice.md, "Members"): handlers validate, call
// src/admin/members.ts with the staff member, and answer.

const NOT_FOUND = '`member_not_found`: no such member';

export function memberRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'admin',
        access: 'staff:read',
        summary: 'Look members up by e-mail, name or id, newest first',
        response: listPageSchema(memberSummarySchema),
      }),
      staffAuth(deps, 'read'),
      validate('query', memberListQuery),
      async (c) => {
        const { q, limit, cursor } = c.req.valid('query');
        return c.json(await listMembers(deps, { q, limit, after: cursor }));
      },
    )
    .get(
      '/:id/',
      documented({
        tag: 'admin',
        access: 'staff:read',
        summary: "A member's profile, orders, points, locks, withdrawal and takeover",
        response: memberDetailSchema,
        errors: { 404: NOT_FOUND },
      }),
      staffAuth(deps, 'read'),
      validate('param', idParamSchema),
      async (c) => c.json(await memberDetail(deps, c.req.valid('param').id)),
    )
    .post(
      '/:id/points/',
      documented({
        tag: 'admin',
        access: 'staff:write',
        summary: "Adjust a member's points with a reason (a ledger entry)",
        success: { 201: 'The ledger entry written and the new balance' },
        response: pointAdjustmentResultSchema,
        errors: {
          404: NOT_FOUND,
          409: '`points_insufficient`: it would take more than the balance; `points_balance_limit`: it would leave more than 1,000,000,000 points; `member_withdrawn`: the member has withdrawn',
        },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      validate('json', pointAdjustmentSchema),
      async (c) =>
        c.json(
          await adjustPoints(deps, c.req.valid('param').id, c.req.valid('json'), staffOf(c)),
          201,
        ),
    )
    .post(
      '/:id/unlock/',
      documented({
        tag: 'admin',
        access: 'staff:write',
        summary: "Lift a member's login and takeover lock-outs",
        response: memberLocksSchema,
        errors: { 404: NOT_FOUND },
      }),
      staffAuth(deps, 'write'),
      validate('param', idParamSchema),
      async (c) => c.json(await unlockMember(deps, c.req.valid('param').id, staffOf(c))),
    );
}
