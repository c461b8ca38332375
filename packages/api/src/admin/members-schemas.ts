import * as z from 'zod';
import { shopperText } from '../lib/shopper-text';
import { listQueryFields } from './list-page';

// Requests and answers of the back office's members area (docs/backoffice.md, "Members").

export const memberListQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, { error: '検索語を入力してください' })
    .max(100, { error: '検索語は100文字以内で入力してください' })
    .optional()
    .meta({
      description:
        'Part of an e-mail address or name (case-insensitive), or a member id; none lists every member',
    }),
  ...listQueryFields,
});

export const memberSummarySchema = z.object({
  id: z.int(),
  email: z.string().nullable().meta({ description: 'Null once withdrawn' }),
  name: z.string(),
  createdAt: z.iso.datetime(),
  withdrawnAt: z.iso.datetime().nullable(),
  pointBalance: z.int(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** A throttle counter that can lock a member out, as the staff see it. */
const lockSchema = z.object({
  failures: z.int().meta({ description: 'Failed attempts counted in the current window' }),
  lockedUntil: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'Locked out until then; null when not locked now' }),
});

export const memberLocksSchema = z.object({
  login: lockSchema.meta({
    description: 'Wrong passwords for the e-mail address (login, withdrawal)',
  }),
  takeover: lockSchema.meta({ description: "Failed takeovers of an old shop's account" }),
});
export type MemberLocks = z.infer<typeof memberLocksSchema>;

export const pointEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(['grant', 'use', 'refund', 'cancel', 'expiry', 'adjust']),
  amount: z.int().meta({ description: 'Signed: points added (+) or taken (-)' }),
  orderId: z.int().nullable(),
  reason: z
    .string()
    .nullable()
    .meta({ description: "A staff adjustment's reason; null otherwise" }),
  createdAt: z.iso.datetime(),
});
export type AdminPointEntry = z.infer<typeof pointEntrySchema>;

export const memberDetailSchema = memberSummarySchema.extend({
  birthDate: z.iso.date().nullable(),
  locks: memberLocksSchema,
  sessions: z.int().meta({ description: 'Live sessions (logged in somewhere)' }),
  orders: z.object({
    count: z.int(),
    spent: z.int().meta({ description: 'Sum of the totals of the orders not cancelled (yen)' }),
    byState: z.array(z.object({ state: z.string(), count: z.int() })),
    recent: z.array(
      z.object({
        id: z.int(),
        state: z.string(),
        total: z.int(),
        placedAt: z.iso.datetime(),
        isReservation: z.boolean(),
        paymentMethod: z.string(),
      }),
    ),
  }),
  points: z.object({
    balance: z.int(),
    nextExpiry: z.object({ date: z.iso.date(), amount: z.int() }).nullable(),
    ledger: z.array(pointEntrySchema).meta({ description: 'The 50 newest entries, newest first' }),
  }),
  withdrawal: z.object({
    withdrawnAt: z.iso.datetime().nullable(),
    blockers: z
      .array(z.object({ code: z.string(), message: z.string(), count: z.int() }))
      .meta({ description: 'What keeps the member from withdrawing now (open orders)' }),
  }),
  takeover: z.object({
    linked: z.boolean(),
    linkedAt: z.iso.datetime().nullable(),
    legacyAccountId: z.int().nullable(),
    legacyOrders: z.int().meta({ description: "The old shop's orders carried over" }),
  }),
  accountLinks: z
    .array(
      z.object({
        purpose: z.string(),
        createdAt: z.iso.datetime(),
        expiresAt: z.iso.datetime(),
      }),
    )
    .meta({ description: 'Password-reset and e-mail-change links mailed and still usable' }),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const MAX_POINT_ADJUSTMENT = 1_000_000;

export const pointAdjustmentSchema = z.strictObject({
  amount: z
    .int({ error: 'ポイント数は整数で指定してください' })
    .min(-MAX_POINT_ADJUSTMENT, {
      error: `ポイント数は±${MAX_POINT_ADJUSTMENT}以内で指定してください`,
    })
    .max(MAX_POINT_ADJUSTMENT, {
      error: `ポイント数は±${MAX_POINT_ADJUSTMENT}以内で指定してください`,
    })
    .refine((amount) => amount !== 0, { error: '0以外のポイント数を指定してください' })
    .meta({ description: 'Points to add (+) or take (-)' }),
  reason: shopperText({ label: '理由', max: 200, required: true }).meta({
    description: 'Why (kept on the ledger entry and in the audit log)',
  }),
});
export type PointAdjustment = z.infer<typeof pointAdjustmentSchema>;

export const pointAdjustmentResultSchema = z.object({
  entry: pointEntrySchema,
  balance: z.int(),
});
