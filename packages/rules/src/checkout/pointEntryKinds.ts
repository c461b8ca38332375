/**
 * The kinds of entry in a member's point ledger: `grant` (points earned when an order ships) and
 * `refund` (points spent on a cancelled order, given back) add; `use` (spent at checkout),
 * `cancel` (a grant taken back) and `expiry` (the balance expired) subtract; `adjust` is the
 * shop's correction either way.
 *
 * @example
 * POINT_ENTRY_KINDS.includes('grant'); // true
 */
export const POINT_ENTRY_KINDS = ['grant', 'use', 'refund', 'cancel', 'expiry', 'adjust'] as const;

/**
 * One kind of point ledger entry.
 *
 * @example
 * const kind: PointEntryKind = 'adjust';
 */
export type PointEntryKind = (typeof POINT_ENTRY_KINDS)[number];

/**
 * How the member's point history (my page) names each kind of ledger entry; the back office
 * shows a member's ledger with the same words. Typed over every kind, so a new kind fails to
 * compile here until it is labelled.
 *
 * @example
 * POINT_ENTRY_KIND_LABELS.grant; // '獲得'
 * POINT_ENTRY_KIND_LABELS.adjust; // 'ショップによる調整'
 */
export const POINT_ENTRY_KIND_LABELS = {
  grant: '獲得',
  use: '利用',
  refund: '返還',
  cancel: '取消',
  expiry: '有効期限切れ',
  adjust: 'ショップによる調整',
} as const satisfies Record<PointEntryKind, string>;
