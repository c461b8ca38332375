import type { NotificationKindName } from '@shop/rules';
import { formatJstDate } from '@shop/rules';
import type { AppDeps } from '../../deps';
import type { Block } from '../layout';
import type { NotificationPayloads } from '../outbox';

/** Who a mail is for, as the worker found them when it claimed the mail. */
export interface Recipient {
  /** Null for a mail to an address of its own (an address being verified). */
  memberId: number | null;
  address: string;
  /** The member's name, `''` when unknown. */
  name: string;
}

/** What a kind's composer is given: the shop, the recipient, and absolute links to the shop. */
export interface ComposeContext {
  deps: AppDeps;
  recipient: Recipient;
  /** An absolute URL of a path of the shop (PUBLIC_ORIGIN, or http://localhost:PORT). */
  url: (path: string) => string;
}

/** A mail's subject and body; both parts are printed from the same blocks (layout.ts). */
export interface Composition {
  subject: string;
  blocks: Block[];
}

/**
 * Composes one kind's mail from its payload, reading what else it needs from the database when
 * the mail is sent. Null: there is nothing to say any more (what it was about is gone), and the
 * mail is skipped. Throwing a PermanentMailError makes the mail dead at once; anything else
 * thrown is retried.
 */
export type Composer<K extends NotificationKindName> = (
  context: ComposeContext,
  payload: NotificationPayloads[K],
) => Promise<Composition | null>;

/** A failure that retrying cannot mend. Its message is stored: no address, name or body in it. */
export class PermanentMailError extends Error {}

const JST_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 「2026年11月25日(水) 07:30」: when an account change happened, as the account notices say it. */
export function formatJstDateTime(at: string): string {
  return `${formatJstDate(at)} ${JST_TIME.format(new Date(at))}`;
}

/** The paragraph every account notice ends with: what to do if it was not the member. */
export function notMeParagraph(contactUrl: string): Block {
  return {
    type: 'paragraph',
    text: `お心当たりがない場合は、第三者による操作のおそれがあります。お手数ですが ${contactUrl} からすぐにご連絡ください。`,
  };
}
