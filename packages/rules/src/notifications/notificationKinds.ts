/**
 * One kind of mail the shop sends: its Japanese name (the subject's first words and the label of
 * the member's mail settings) and whether it is essential. An essential mail is part of the
 * contract or of the account's safety (the order confirmation forms the contract, 利用規約第3条):
 * it is always sent. A member may turn any other kind off, and each such mail carries a one-click
 * unsubscribe (RFC 8058).
 *
 * @example
 * const kind: NotificationKind = { label: '再入荷のお知らせ', essential: false };
 */
export interface NotificationKind {
  label: string;
  essential: boolean;
}

/**
 * The machine names of the kinds of mail (what the outbox and the opt-outs store): the essential
 * kinds first, then those a member may turn off.
 *
 * @example
 * NOTIFICATION_KIND_NAMES[0]; // 'order_confirmation'
 * NOTIFICATION_KIND_NAMES.includes('restock'); // true
 */
export const NOTIFICATION_KIND_NAMES = [
  'order_confirmation',
  'payment_request',
  'payment_reminder',
  'payment_received',
  'order_cancelled',
  'shipped',
  'release_postponed',
  'price_decided',
  'password_reset',
  'password_changed',
  'email_change',
  'email_changed',
  'withdrawal_completed',
  'points_expiring',
  'favorite_new_releases',
  'restock',
] as const;

/**
 * The machine name of a kind of mail, e.g. `'order_confirmation'`.
 *
 * @example
 * const kind: NotificationKindName = 'shipped'; // 発送のお知らせ
 */
export type NotificationKindName = (typeof NOTIFICATION_KIND_NAMES)[number];

/**
 * Every kind of mail the shop sends, by machine name: its Japanese name and whether it is
 * essential.
 *
 * @example
 * NOTIFICATION_KINDS.order_confirmation; // { label: 'ご注文確認', essential: true }
 * NOTIFICATION_KINDS.favorite_new_releases.essential; // false
 */
export const NOTIFICATION_KINDS = {
  order_confirmation: { label: 'ご注文確認', essential: true },
  payment_request: { label: 'ご入金のお願い', essential: true },
  payment_reminder: { label: 'お支払い期限のお知らせ', essential: true },
  payment_received: { label: 'ご入金確認のお知らせ', essential: true },
  order_cancelled: { label: 'ご注文キャンセルのお知らせ', essential: true },
  shipped: { label: '発送のお知らせ', essential: true },
  release_postponed: { label: '発売延期のお知らせ', essential: true },
  price_decided: { label: '価格決定のお知らせ', essential: true },
  password_reset: { label: 'パスワード再設定のご案内', essential: true },
  password_changed: { label: 'パスワード変更のお知らせ', essential: true },
  email_change: { label: 'メールアドレス変更のご確認', essential: true },
  email_changed: { label: 'メールアドレス変更のお知らせ', essential: true },
  withdrawal_completed: { label: '退会手続き完了のお知らせ', essential: true },
  points_expiring: { label: 'ポイント失効のお知らせ', essential: false },
  favorite_new_releases: { label: 'お気に入り新刊のお知らせ', essential: false },
  restock: { label: '再入荷のお知らせ', essential: false },
} as const satisfies Record<NotificationKindName, NotificationKind>;

/**
 * Whether a value is the name of a kind of mail (a stored or requested value, read back).
 *
 * @example
 * isNotificationKind('restock'); // true
 * isNotificationKind('toString'); // false
 */
export function isNotificationKind(value: string): value is NotificationKindName {
  return (NOTIFICATION_KIND_NAMES as readonly string[]).includes(value);
}

/**
 * Whether a member may turn this kind of mail off (it is not essential): exactly the kinds that
 * carry a one-click unsubscribe.
 *
 * @example
 * canOptOut('favorite_new_releases'); // true
 * canOptOut('order_confirmation'); // false
 */
export function canOptOut(kind: NotificationKindName): boolean {
  return !NOTIFICATION_KINDS[kind].essential;
}
