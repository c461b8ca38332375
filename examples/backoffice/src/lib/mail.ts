import { isNotificationKind, NOTIFICATION_KINDS } from '@shop/rules';

/** A tone of `Badge` (components/status-badge.tsx). */
export type Tone = 'ok' | 'warn' | 'error' | 'neutral';

/** The outbox's states (packages/api/src/db/schema/notifications.ts OUTBOX_STATES). */
export const MAIL_STATES = {
  queued: { label: '送信待ち', tone: 'neutral' },
  sending: { label: '送信中', tone: 'neutral' },
  sent: { label: '送信済み', tone: 'ok' },
  dead: { label: '送信できず', tone: 'error' },
  skipped: { label: '送信せず（宛先なし・配信停止）', tone: 'neutral' },
} as const satisfies Record<string, { label: string; tone: Tone }>;

export type MailState = keyof typeof MAIL_STATES;

/** A state's label and tone; an unknown state (a newer API) shows as itself. */
export function mailState(state: string): { label: string; tone: Tone } {
  return Object.hasOwn(MAIL_STATES, state)
    ? MAIL_STATES[state as MailState]
    : { label: state, tone: 'neutral' };
}

/** A mail's name as the shopper's mail page says it (@shop/rules NOTIFICATION_KINDS). */
export function mailKindLabel(kind: string): string {
  return isNotificationKind(kind) ? NOTIFICATION_KINDS[kind].label : kind;
}
