import { type AccountLinkPurpose, isAccountLinkUsable } from '@shop/rules';
import { eq } from 'drizzle-orm';
import { accountLinks } from '../../db/schema/accounts';
import type { AppDeps } from '../../deps';

/**
 * Whether the account link a mail carries still works when the mail is sent. A link used,
 * retired by a newer request or expired has nothing to say any more: its mail is skipped, so a
 * late send never carries a dead link.
 */
export async function isLinkStillUsable(
  deps: AppDeps,
  linkId: number,
  purpose: AccountLinkPurpose,
): Promise<boolean> {
  const [link] = await deps.db.orm.select().from(accountLinks).where(eq(accountLinks.id, linkId));
  return (
    link !== undefined &&
    isAccountLinkUsable({ purpose, issuedAt: link.createdAt, usedAt: link.usedAt }, deps.now())
  );
}
