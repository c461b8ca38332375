import type { AdminPointEntry, MemberDetail } from '@shop/api/types';

// The members API's answers (docs/backoffice.md "Members"), taken from the API's own response
// schemas (type-only: nothing of the API reaches the bundle), so the back office fails its type
// check when an answer changes shape.
export type { MemberDetail, MemberLocks, MemberSummary } from '@shop/api/types';

export type Lock = MemberDetail['locks']['login'];
export type PointEntry = AdminPointEntry;
export type PointKind = AdminPointEntry['kind'];

/** POST members/:id/points/'s answer. */
export interface PointAdjustment {
  entry: PointEntry;
  balance: number;
}
