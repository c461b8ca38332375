import { Hono } from 'hono';
import { clientAddress } from '../accounts/client-address';
import type { AppDeps } from '../deps';
import { validate } from '../lib/validate';
import { contactFormSettings, contactSchema, sendContactMessage } from '../services/contact';

/** /api/contact/: the contact form's settings (GET) and sending a message (POST). */
export function contactRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', (c) => c.json(contactFormSettings(deps)))
    .post('/', validate('json', contactSchema), async (c) => {
      const address = clientAddress(c, deps.config.accounts.trustProxy);
      const memberId = c.get('session')?.memberId ?? null;
      const sent = await sendContactMessage(deps, c.req.valid('json'), memberId, address);
      return c.json({ id: sent.id, received: true }, 201);
    });
}
