import type { SavedCard, Transaction } from '../gateway';

/**
 * What the sandbox gateway remembers: the state a real gateway keeps on its side. The server
 * keeps it in the database (so it survives a crash, like a remote gateway would, and the crash
 * test can check that no authorisation outlives its checkout); unit tests keep it in memory.
 * Every method is atomic on its own, like one call to a remote service.
 */
export interface SandboxStore {
  /** Inserts the transaction unless its order id exists; returns the stored one either way. */
  insertTransaction(transaction: Transaction): Promise<Transaction>;
  getTransaction(gatewayOrderId: string): Promise<Transaction | null>;
  /**
   * Replaces the transaction only while its status is still `expected` (compare-and-set), so
   * concurrent calls for one order id change it once; false when it had moved on.
   */
  transition(expected: Transaction['status'], next: Transaction): Promise<boolean>;
  /** Marks a token used; false when it already was (tokens are single-use). */
  consumeToken(token: string): Promise<boolean>;
  addMember(gatewayMemberId: string): Promise<void>;
  hasMember(gatewayMemberId: string): Promise<boolean>;
  /** Adds a card under the member with the next sequence number. */
  addCard(gatewayMemberId: string, card: Omit<SavedCard, 'cardSeq'>): Promise<SavedCard>;
  listCards(gatewayMemberId: string): Promise<SavedCard[]>;
  deleteCard(gatewayMemberId: string, cardSeq: string): Promise<boolean>;
}

/** An in-process store, for unit tests. */
export class MemorySandboxStore implements SandboxStore {
  readonly transactions = new Map<string, Transaction>();
  readonly #tokens = new Set<string>();
  readonly #members = new Map<string, SavedCard[]>();
  #nextSeq = 0;

  async insertTransaction(transaction: Transaction): Promise<Transaction> {
    const existing = this.transactions.get(transaction.gatewayOrderId);
    if (existing !== undefined) return { ...existing };
    this.transactions.set(transaction.gatewayOrderId, { ...transaction });
    return { ...transaction };
  }

  async getTransaction(gatewayOrderId: string): Promise<Transaction | null> {
    const found = this.transactions.get(gatewayOrderId);
    return found === undefined ? null : { ...found };
  }

  async transition(expected: Transaction['status'], next: Transaction): Promise<boolean> {
    if (this.transactions.get(next.gatewayOrderId)?.status !== expected) return false;
    this.transactions.set(next.gatewayOrderId, { ...next });
    return true;
  }

  async consumeToken(token: string): Promise<boolean> {
    if (this.#tokens.has(token)) return false;
    this.#tokens.add(token);
    return true;
  }

  async addMember(gatewayMemberId: string): Promise<void> {
    if (!this.#members.has(gatewayMemberId)) this.#members.set(gatewayMemberId, []);
  }

  async hasMember(gatewayMemberId: string): Promise<boolean> {
    return this.#members.has(gatewayMemberId);
  }

  async addCard(gatewayMemberId: string, card: Omit<SavedCard, 'cardSeq'>): Promise<SavedCard> {
    const saved = { ...card, cardSeq: String(this.#nextSeq++) };
    this.#members.get(gatewayMemberId)?.push(saved);
    return saved;
  }

  async listCards(gatewayMemberId: string): Promise<SavedCard[]> {
    return [...(this.#members.get(gatewayMemberId) ?? [])];
  }

  async deleteCard(gatewayMemberId: string, cardSeq: string): Promise<boolean> {
    const cards = this.#members.get(gatewayMemberId) ?? [];
    const index = cards.findIndex((c) => c.cardSeq === cardSeq);
    if (index < 0) return false;
    cards.splice(index, 1);
    return true;
  }
}
