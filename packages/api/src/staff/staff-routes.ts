import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { HASH_BUSY } from '../schemas/accounts';
import { staffAuth, staffOf } from './access';
import { createStaff, listStaff, unlockStaff, updateStaff } from './accounts';
import { readAuditLog } from './audit-log';
import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  apiTokenSchema,
  auditPageSchema,
  auditQuerySchema,
  idParamSchema,
  staffCreateSchema,
  staffListSchema,
  staffMemberSchema,
  staffUpdateSchema,
  tokenCreateSchema,
} from './schemas';
import { createToken, listTokens, revokeToken } from './tokens';

/** /api/admin/staff/ (the owner's), tokens/ (everyone's own) and audit-log/. */
export function staffRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/staff/',
      documented({
        tag: 'admin',
        summary: 'Every staff account',
        access: 'staff:owner',
        response: staffListSchema,
      }),
      staffAuth(deps, 'owner'),
      async (c) => c.json({ items: await listStaff(deps) }),
    )
    .post(
      '/staff/',
      documented({
        tag: 'admin',
        summary:
          'Adds a staff member with a temporary password (they enrol in two-factor login, then change it)',
        access: 'staff:owner',
        success: { 201: 'Created' },
        response: staffMemberSchema,
        errors: { 409: '`staff_email_taken`', 503: HASH_BUSY },
      }),
      staffAuth(deps, 'owner'),
      validate('json', staffCreateSchema),
      async (c) => c.json(await createStaff(deps, staffOf(c), c.req.valid('json')), 201),
    )
    .patch(
      '/staff/:id/',
      documented({
        tag: 'admin',
        summary:
          "Changes a staff member's name, role, `disabled` (ends their sessions, stops their tokens) or `resetTotp` (a lost phone: they enrol again)",
        access: 'staff:owner',
        response: staffMemberSchema,
        errors: {
          404: '`staff_not_found`',
          409: '`last_owner`: the shop would have no enabled owner',
        },
      }),
      staffAuth(deps, 'owner'),
      validate('param', idParamSchema),
      validate('json', staffUpdateSchema),
      async (c) =>
        c.json(await updateStaff(deps, staffOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post(
      '/staff/:id/unlock/',
      documented({
        tag: 'admin',
        summary: "Lifts a staff member's lock-out after too many wrong logins",
        access: 'staff:owner',
        response: staffMemberSchema,
        errors: { 404: '`staff_not_found`' },
      }),
      staffAuth(deps, 'owner'),
      validate('param', idParamSchema),
      async (c) => c.json(await unlockStaff(deps, staffOf(c), c.req.valid('param').id)),
    )
    .get(
      '/tokens/',
      documented({
        tag: 'admin',
        summary: "API tokens: one's own (the owner sees everyone's), never the token itself",
        access: 'staff:read',
        response: apiTokenListSchema,
      }),
      staffAuth(deps, 'read'),
      async (c) => c.json({ items: await listTokens(deps, staffOf(c)) }),
    )
    .post(
      '/tokens/',
      documented({
        tag: 'admin',
        summary:
          "Creates an API token of one's own, with one's role or a lower one; the token is answered this once",
        access: 'staff:read',
        success: { 201: 'Created' },
        response: apiTokenCreatedSchema,
        errors: {
          403: '`api_token_role_too_high`, `staff_account_required` (the legacy OPERATOR_TOKEN owns no tokens)',
        },
      }),
      staffAuth(deps, 'read'),
      validate('json', tokenCreateSchema),
      async (c) => c.json(await createToken(deps, staffOf(c), c.req.valid('json')), 201),
    )
    .delete(
      '/tokens/:id/',
      documented({
        tag: 'admin',
        summary: "Revokes an API token (one's own; the owner any)",
        access: 'staff:read',
        response: apiTokenSchema,
        errors: { 404: '`api_token_not_found`', 409: '`api_token_revoked`: revoked already' },
      }),
      staffAuth(deps, 'read'),
      validate('param', idParamSchema),
      async (c) => c.json(await revokeToken(deps, staffOf(c), c.req.valid('param').id)),
    )
    .get(
      '/audit-log/',
      documented({
        tag: 'admin',
        summary:
          'The audit log, newest first, filtered by staff member, target or action; keyset pages',
        access: 'staff:read',
        response: auditPageSchema,
        errors: { 400: '`invalid_cursor`: not a cursor this list answered' },
      }),
      staffAuth(deps, 'read'),
      validate('query', auditQuerySchema),
      async (c) => c.json(await readAuditLog(deps, c.req.valid('query'))),
    );
}
