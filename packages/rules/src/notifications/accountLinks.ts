/**
 * The purposes of a single-use link the shop mails to protect an account: setting a new
 * password (パスワード再設定) and confirming a new e-mail address (メールアドレス変更).
 *
 * @example
 * ACCOUNT_LINK_PURPOSES.includes('password_reset'); // true
 */
export const ACCOUNT_LINK_PURPOSES = ['password_reset', 'email_change'] as const;

/**
 * The purpose of an account link, e.g. `'password_reset'`.
 *
 * @example
 * const purpose: AccountLinkPurpose = 'email_change';
 */
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

/**
 * How long a mailed link works, in minutes. A password reset lets whoever holds the mailbox into
 * the account, so it lives 30 minutes (long enough to find the mail, short enough that an old
 * mail in a shared or stolen mailbox is useless); an e-mail change was asked for by a member who
 * re-entered the password and only moves the address to the mailbox that received it, so it
 * lives 24 hours (the new mailbox may be one the member reads later in the day).
 *
 * @example
 * ACCOUNT_LINK_LIFETIME_MINUTES.password_reset; // 30
 */
export const ACCOUNT_LINK_LIFETIME_MINUTES = {
  password_reset: 30,
  email_change: 24 * 60,
} as const satisfies Record<AccountLinkPurpose, number>;

/**
 * When a link issued at `issuedAt` stops working (exclusive): issued + its purpose's lifetime.
 *
 * @example
 * accountLinkExpiresAt('password_reset', new Date('2026-11-25T00:00:00Z'));
 * // => 2026-11-25T00:30:00.000Z
 */
export function accountLinkExpiresAt(purpose: AccountLinkPurpose, issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + ACCOUNT_LINK_LIFETIME_MINUTES[purpose] * 60_000);
}

/**
 * Whether a link still works at `now`: never used, issued at or before `now`, and `now` before
 * it expires. A link works once: the first use sets `usedAt`.
 *
 * @example
 * const issuedAt = new Date('2026-11-25T00:00:00Z');
 * isAccountLinkUsable({ purpose: 'password_reset', issuedAt, usedAt: null }, new Date('2026-11-25T00:29:59Z')); // true
 * isAccountLinkUsable({ purpose: 'password_reset', issuedAt, usedAt: null }, new Date('2026-11-25T00:30:00Z')); // false
 */
export function isAccountLinkUsable(
  link: { purpose: AccountLinkPurpose; issuedAt: Date; usedAt: Date | null },
  now: Date,
): boolean {
  if (link.usedAt !== null) return false;
  const t = now.getTime();
  return (
    t >= link.issuedAt.getTime() && t < accountLinkExpiresAt(link.purpose, link.issuedAt).getTime()
  );
}
