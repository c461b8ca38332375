import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  sandboxCards,
  sandboxMembers,
  sandboxTransactions,
  sandboxUsedTokens,
} from '../../db/schema/orders';
import type { SavedCard, Transaction } from '../gateway';
import type { SandboxStore } from './sandbox-store';

/**
 * The sandbox gateway's state in the shop's database, in tables of its own. Every call is one
 * autocommitted statement outside any checkout transaction, as a call to a remote gateway would
 * be: a checkout that rolls back does not roll back the "gateway", so the recovery code paths
 * are exercised for real.
 */
export class DbSandboxStore implements SandboxStore {
  constructor(readonly db: Database) {}

  async insertTransaction(transaction: Transaction): Promise<Transaction> {
    const [inserted] = await this.db.orm
      .insert(sandboxTransactions)
      .values(transaction)
      .onConflictDoNothing()
      .returning();
    if (inserted !== undefined) {
      const { updatedAt: _updatedAt, ...created } = inserted;
      return created;
    }
    // Another call entered the same order id first: the stored one is the answer.
    const stored = await this.getTransaction(transaction.gatewayOrderId);
    if (stored === null)
      throw new Error(`sandbox transaction ${transaction.gatewayOrderId} vanished`);
    return stored;
  }

  async getTransaction(gatewayOrderId: string): Promise<Transaction | null> {
    const [row] = await this.db.orm
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.gatewayOrderId, gatewayOrderId));
    if (row === undefined) return null;
    const { updatedAt: _updatedAt, ...transaction } = row;
    return transaction;
  }

  async transition(expected: Transaction['status'], next: Transaction): Promise<boolean> {
    const updated = await this.db.orm
      .update(sandboxTransactions)
      .set({ ...next, updatedAt: sql`now()` })
      .where(
        and(
          eq(sandboxTransactions.gatewayOrderId, next.gatewayOrderId),
          eq(sandboxTransactions.status, expected),
        ),
      )
      .returning({ id: sandboxTransactions.gatewayOrderId });
    return updated.length === 1;
  }

  async consumeToken(token: string): Promise<boolean> {
    const inserted = await this.db.orm
      .insert(sandboxUsedTokens)
      .values({ token })
      .onConflictDoNothing()
      .returning({ token: sandboxUsedTokens.token });
    return inserted.length === 1;
  }

  async addMember(gatewayMemberId: string): Promise<void> {
    await this.db.orm.insert(sandboxMembers).values({ gatewayMemberId }).onConflictDoNothing();
  }

  async hasMember(gatewayMemberId: string): Promise<boolean> {
    const rows = await this.db.orm
      .select({ id: sandboxMembers.gatewayMemberId })
      .from(sandboxMembers)
      .where(eq(sandboxMembers.gatewayMemberId, gatewayMemberId));
    return rows.length === 1;
  }

  async addCard(gatewayMemberId: string, card: Omit<SavedCard, 'cardSeq'>): Promise<SavedCard> {
    const [member] = await this.db.orm
      .update(sandboxMembers)
      .set({ nextCardSeq: sql`${sandboxMembers.nextCardSeq} + 1` })
      .where(eq(sandboxMembers.gatewayMemberId, gatewayMemberId))
      .returning({ seq: sandboxMembers.nextCardSeq });
    if (member === undefined)
      throw new Error(`sandbox member ${gatewayMemberId} is not registered`);
    const saved = { ...card, cardSeq: String(member.seq - 1) };
    await this.db.orm.insert(sandboxCards).values({ gatewayMemberId, ...saved });
    return saved;
  }

  async listCards(gatewayMemberId: string): Promise<SavedCard[]> {
    return this.db.orm
      .select({
        cardSeq: sandboxCards.cardSeq,
        brand: sandboxCards.brand,
        last4: sandboxCards.last4,
        expire: sandboxCards.expire,
      })
      .from(sandboxCards)
      .where(eq(sandboxCards.gatewayMemberId, gatewayMemberId))
      .orderBy(sandboxCards.cardSeq);
  }

  async deleteCard(gatewayMemberId: string, cardSeq: string): Promise<boolean> {
    const deleted = await this.db.orm
      .delete(sandboxCards)
      .where(
        and(eq(sandboxCards.gatewayMemberId, gatewayMemberId), eq(sandboxCards.cardSeq, cardSeq)),
      )
      .returning({ seq: sandboxCards.cardSeq });
    return deleted.length === 1;
  }
}
