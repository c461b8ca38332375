import { Hono } from 'hono';
import * as z from 'zod';
import { clientAddress } from '../accounts/client-address';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { THROTTLED } from '../schemas/accounts';
import { contactFormSettings, contactSchema, sendContactMessage } from '../services/contact';

/** /api/contact/: the contact form's settings (GET) and sending a message (POST). */
export function contactRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'accounts',
        summary: 'Contact form settings (categories, bot-check site key)',
        response: z.object({
          categories: z.array(z.string()),
          botCheck: z.object({ enabled: z.boolean(), siteKey: z.string().nullable() }),
        }),
      }),
      (c) => c.json(contactFormSettings(deps)),
    )
    .post(
      '/',
      documented({
        tag: 'accounts',
        summary: 'Send a contact message',
        success: { 201: 'Received' },
        response: z.object({ id: z.int(), received: z.literal(true) }),
        errors: {
          400: '`bot_check_failed`',
          429: THROTTLED,
          503: '`bot_check_unavailable`: the bot check service did not answer in time',
        },
      }),
      validate('json', contactSchema),
      async (c) => {
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        const memberId = c.get('session')?.memberId ?? null;
        const sent = await sendContactMessage(deps, c.req.valid('json'), memberId, address);
        return c.json({ id: sent.id, received: true }, 201);
      },
    );
}
