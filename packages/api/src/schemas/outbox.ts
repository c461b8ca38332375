import * as z from 'zod';
import { OUTBOX_STATES, type OutboxState } from '../db/schema/notifications';

// The outbox as the operator API (/api/operator/notifications/) and the back office
// (/api/admin/notifications/) answer it: one place for both (src/notifications/dead-letters.ts).

export const outboxMessageSchema = z.object({
  id: z.int(),
  kind: z.string().meta({ description: 'The mail kind (NOTIFICATION_KINDS of @shop/rules)' }),
  state: z.enum(OUTBOX_STATES),
  attempts: z.int(),
  lastError: z
    .string()
    .nullable()
    .meta({ description: 'SMTP error code and reply code, or the reason (no address)' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const outboxCountsSchema = z
  .object(
    Object.fromEntries(OUTBOX_STATES.map((s) => [s, z.int()])) as Record<OutboxState, z.ZodInt>,
  )
  .meta({ description: 'How many mails the outbox holds in each state' });
