import { canOptOut, NOTIFICATION_KINDS, type NotificationKindName, routePath } from '@shop/rules';
import type { AppConfig } from '../config/app';
import type { ComposeContext, Composer, Composition } from './kinds/composer';
import { composeEmailChange } from './kinds/email-change';
import { composeEmailChanged } from './kinds/email-changed';
import { composeFavoriteNewReleases } from './kinds/favorite-new-releases';
import { composeOrderConfirmation } from './kinds/order-confirmation';
import {
  composeOrderCancelled,
  composePaymentReceived,
  composePaymentReminder,
  composePaymentRequest,
  composeShipped,
} from './kinds/order-lifecycle';
import { composePasswordChanged } from './kinds/password-changed';
import { composePasswordReset } from './kinds/password-reset';
import { composePointsExpiring } from './kinds/points-expiring';
import { composePriceDecided } from './kinds/price-decided';
import { composeReleasePostponed } from './kinds/release-postponed';
import { composeRestock } from './kinds/restock';
import { composeWithdrawalCompleted } from './kinds/withdrawal-completed';
import { type Block, renderHtml, renderText } from './layout';
import type { OutgoingMail } from './mailer';
import type { NotificationPayloads } from './outbox';

/** Each kind's composer: a new kind in @shop/rules fails to compile until it has one here. */
const COMPOSERS: { [K in NotificationKindName]: Composer<K> } = {
  order_confirmation: composeOrderConfirmation,
  release_postponed: composeReleasePostponed,
  payment_request: composePaymentRequest,
  payment_reminder: composePaymentReminder,
  payment_received: composePaymentReceived,
  order_cancelled: composeOrderCancelled,
  shipped: composeShipped,
  price_decided: composePriceDecided,
  password_reset: composePasswordReset,
  password_changed: composePasswordChanged,
  email_change: composeEmailChange,
  email_changed: composeEmailChanged,
  withdrawal_completed: composeWithdrawalCompleted,
  points_expiring: composePointsExpiring,
  favorite_new_releases: composeFavoriteNewReleases,
  restock: composeRestock,
};

/** The mail of one outbox row, or null when its composer has nothing to say any more. */
export function composeKind<K extends NotificationKindName>(
  kind: K,
  context: ComposeContext,
  payload: NotificationPayloads[K],
): Promise<Composition | null> {
  return (COMPOSERS[kind] as Composer<K>)(context, payload);
}

/** The shop's origin in links: PUBLIC_ORIGIN, or where `pnpm start` listens. */
export function shopOrigin(config: AppConfig): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

/** `<notification-42@shop.example>`: the outbox id, so every send of one row carries the same. */
export function messageIdOf(config: AppConfig, outboxId: number): string {
  return `<notification-${outboxId}@${config.mail.messageIdDomain}>`;
}

/**
 * The whole mail: From, To, Message-ID, Date, the subject (nodemailer encodes it as RFC 2047
 * UTF-8 words), the text and HTML parts printed from the same blocks, and the footer. A kind the
 * member may turn off carries List-Unsubscribe with its one-click URL and List-Unsubscribe-Post
 * (RFC 8058), and says so in the footer.
 */
export function envelope(
  config: AppConfig,
  mail: {
    outboxId: number;
    kind: NotificationKindName;
    to: string;
    date: Date;
    /** The signed one-click URL, for a kind the member may turn off. */
    unsubscribeUrl: string | null;
  },
  composition: Composition,
): OutgoingMail {
  const origin = shopOrigin(config);
  const footer: Block[] = [
    {
      type: 'paragraph',
      text: `──\n本の店 ${origin}/\nこのメールは送信専用です。お問い合わせは ${origin}${routePath('contact')} からお願いいたします。`,
    },
  ];
  const headers: Record<string, string> = {};
  if (canOptOut(mail.kind) && mail.unsubscribeUrl !== null) {
    headers['List-Unsubscribe'] = `<${mail.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    footer.push({
      type: 'paragraph',
      text: `「${NOTIFICATION_KINDS[mail.kind].label}」の配信は、メールソフトの「配信停止」か下のリンクからいつでも止められます。マイページの「メール配信設定」でも変更できます。`,
    });
    // The page a person opens in a browser: it confirms with one button (a GET changes nothing).
    const token = new URL(mail.unsubscribeUrl).searchParams.get('token') ?? '';
    footer.push({
      type: 'link',
      label: '配信停止の手続き',
      href: `${origin}${routePath('unsubscribe')}?token=${encodeURIComponent(token)}`,
    });
  }
  const blocks = [...composition.blocks, ...footer];
  return {
    from: { name: config.mail.from.name, address: config.mail.from.address },
    to: mail.to,
    subject: composition.subject,
    messageId: messageIdOf(config, mail.outboxId),
    date: mail.date,
    text: renderText(blocks),
    html: renderHtml(composition.subject, blocks),
    headers,
  };
}
