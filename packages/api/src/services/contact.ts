import { z } from 'zod';
import { disabledBotCheck } from '../accounts/bot-check';
import { emailSchema } from '../accounts/member-schemas';
import { contactMessages } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { shopperText } from '../lib/shopper-text';
import { ServiceError } from './service-error';
import { reserveAttempt } from './throttle';

/** The contact form's subjects. */
export const CONTACT_CATEGORIES = [
  'ご注文について',
  '商品について',
  '予約・発売日について',
  '会員・ログインについて',
  'その他',
] as const;

export const contactSchema = z.strictObject({
  name: shopperText({ label: 'お名前', max: 40, required: true }),
  email: emailSchema,
  category: z.enum(CONTACT_CATEGORIES, { error: 'お問い合わせの種類を選択してください' }),
  body: shopperText({ label: 'お問い合わせ内容', max: 4000, required: true, multiline: true }),
  /** The bot-check widget's response token, when the check is enabled. */
  botToken: z.string().max(4096, { error: '認証トークンが正しくありません' }).optional(),
});

export function contactFormSettings(deps: AppDeps) {
  const verifier = deps.botCheck ?? disabledBotCheck;
  return {
    categories: CONTACT_CATEGORIES,
    botCheck: {
      enabled: verifier.enabled,
      siteKey: verifier.siteKey ?? null,
    },
  };
}

/**
 * Stores a contact message after the bot check, at most a few per hour per client address: each
 * attempt reserves its slot before the bot check runs, so a burst cannot send more, and keeps
 * it whatever the answer (a refused bot check counts too).
 */
export async function sendContactMessage(
  deps: AppDeps,
  input: z.infer<typeof contactSchema>,
  memberId: number | null,
  address: string,
): Promise<{ id: number }> {
  const now = deps.now();
  await reserveAttempt(
    deps.db,
    {
      address: { key: `contact-address:${address}`, policy: deps.config.accounts.throttle.contact },
    },
    now,
    'お問い合わせの送信',
  );
  const verifier = deps.botCheck ?? disabledBotCheck;
  const outcome = await verifier.verify(input.botToken, address);
  switch (outcome) {
    case 'passed':
      break;
    case 'refused':
      throw new ServiceError(
        'bot_check_failed',
        'ロボットでないことの確認ができませんでした。もう一度お試しください。',
      );
    case 'unavailable':
      throw new ServiceError(
        'bot_check_unavailable',
        'ただいまロボットでないことの確認ができません。しばらくしてからもう一度お試しください。',
      );
    default:
      return outcome satisfies never;
  }
  const [row] = await deps.db.orm
    .insert(contactMessages)
    .values({
      memberId,
      name: input.name,
      email: input.email,
      category: input.category,
      body: input.body,
      createdAt: now,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact insert returned no row');
  return row;
}
