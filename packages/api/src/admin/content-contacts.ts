import { and, desc, eq, lt } from 'drizzle-orm';
import { type ContactStatus, contactMessages } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from '../staff/access';
import { changedFields, recordAudit } from '../staff/audit';
import type { ContactMessage, ContactPatch } from './content-schemas';
import { type ListPage, toListPage } from './list-page';

// The contact form's inbox (docs/backoffice.md, "Contact inbox"): the messages shoppers sent
// (services/contact.ts), newest first, each with where the staff are with it (new, in progress,
// done) and an internal note. Senders' names and addresses are personal data: they go to the
// staff's page and nowhere else (no log line, no audit entry: the audit keeps status and note).

type Row = typeof contactMessages.$inferSelect;

function contactView(row: Row): ContactMessage {
  return {
    id: row.id,
    memberId: row.memberId,
    name: row.name,
    email: row.email,
    category: row.category,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    note: row.staffNote,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** The inbox, newest first, optionally only the messages in one status. */
export async function listContacts(
  deps: AppDeps,
  query: { status?: ContactStatus; limit: number; after?: number },
): Promise<ListPage<ContactMessage>> {
  const rows = await deps.db.orm
    .select()
    .from(contactMessages)
    .where(
      and(
        query.status === undefined ? undefined : eq(contactMessages.status, query.status),
        query.after === undefined ? undefined : lt(contactMessages.id, query.after),
      ),
    )
    .orderBy(desc(contactMessages.id))
    .limit(query.limit + 1);
  return toListPage(rows, query.limit, contactView);
}

/** Sets a message's status and/or note, with its audit entry, in one transaction. */
export async function updateContact(
  deps: AppDeps,
  id: number,
  patch: ContactPatch,
  actor: StaffActor,
): Promise<ContactMessage> {
  const now = deps.now();
  return deps.db.orm.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!before) {
      throw new ServiceError('contact_not_found', '指定のお問い合わせは見つかりませんでした。');
    }
    const [after] = await tx
      .update(contactMessages)
      .set({
        ...(patch.status === undefined ? {} : { status: patch.status }),
        ...(patch.note === undefined ? {} : { staffNote: patch.note }),
        updatedAt: now,
      })
      .where(eq(contactMessages.id, id))
      .returning();
    if (!after) throw new Error(`contact message ${id} vanished under its lock`);
    await recordAudit(
      tx,
      actor,
      {
        action: 'contact.update',
        targetType: 'contact_message',
        targetId: id,
        ...changedFields(
          { status: before.status, note: before.staffNote },
          { status: after.status, note: after.staffNote },
        ),
      },
      now,
    );
    return contactView(after);
  });
}
