// The members API's answers (docs/backoffice.md "Members").

export interface MemberSummary {
  id: number;
  email: string | null;
  name: string;
  createdAt: string;
  withdrawnAt: string | null;
  pointBalance: number;
}

export interface MemberPage {
  items: MemberSummary[];
  nextCursor: string | null;
}

export interface Lock {
  failures: number;
  lockedUntil: string | null;
}

export interface MemberLocks {
  login: Lock;
  takeover: Lock;
}

export type PointKind = 'grant' | 'use' | 'refund' | 'cancel' | 'expiry' | 'adjust';

export interface PointEntry {
  id: number;
  kind: PointKind;
  amount: number;
  orderId: number | null;
  reason: string | null;
  createdAt: string;
}

export interface MemberDetail extends MemberSummary {
  birthDate: string | null;
  locks: MemberLocks;
  sessions: number;
  orders: {
    count: number;
    spent: number;
    byState: { state: string; count: number }[];
    recent: {
      id: number;
      state: string;
      total: number;
      placedAt: string;
      isReservation: boolean;
      paymentMethod: string;
    }[];
  };
  points: {
    balance: number;
    nextExpiry: { date: string; amount: number } | null;
    ledger: PointEntry[];
  };
  withdrawal: {
    withdrawnAt: string | null;
    blockers: { code: string; message: string; count: number }[];
  };
  takeover: {
    linked: boolean;
    linkedAt: string | null;
    legacyAccountId: number | null;
    legacyOrders: number;
  };
  accountLinks: { purpose: string; createdAt: string; expiresAt: string }[];
}

/** POST members/:id/points/'s answer. */
export interface PointAdjustment {
  entry: PointEntry;
  balance: number;
}
