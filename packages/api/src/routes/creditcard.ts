import { Hono } from 'hono';
import * as z from 'zod';
import { clientAddress } from '../accounts/client-address';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { cardRegistrationSchema } from '../payments/card-token';
import { CARD_GATEWAY_DOWN, cardSchema, THROTTLED } from '../schemas/accounts';
import { idParamSchema } from '../schemas/params';
import { deleteCard, gateway, listCards, registerCard } from '../services/cards';

/** /api/gmo-multipay/creditcard/: the member's saved cards (list, register from a token, delete). */
export function creditCardRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/',
      documented({
        tag: 'accounts',
        summary: 'Saved cards',
        access: 'member',
        response: z.object({ cards: z.array(cardSchema) }),
      }),
      memberOnly,
      async (c) => c.json({ cards: await listCards(deps, requireMember(c)) }),
    )
    .post(
      '/',
      documented({
        tag: 'accounts',
        summary:
          'Save a card from a gateway token (a body holding a card number is refused); refused cards are throttled per member and per client address',
        access: 'member',
        success: { 201: 'The saved card' },
        response: z.object({ card: cardSchema }),
        errors: {
          400: '`card_declined`, `invalid_card_token` (used or malformed token)',
          409: '`card_limit_reached` (saved cards and registrations in progress fill the limit), `card_registration_conflict`',
          429: THROTTLED,
          503: CARD_GATEWAY_DOWN,
        },
      }),
      memberOnly,
      validate('json', cardRegistrationSchema),
      async (c) => {
        const memberId = requireMember(c);
        const { token } = c.req.valid('json');
        const address = clientAddress(c, deps.config.accounts.trustProxy);
        const card = await registerCard(deps, gateway(deps), memberId, token, address);
        return c.json({ card }, 201);
      },
    )
    .delete(
      '/:id/',
      documented({
        tag: 'accounts',
        summary: 'Delete a saved card (here and at the gateway)',
        access: 'member',
        success: { 204: 'Deleted' },
        errors: { 404: '`card_not_found`', 503: CARD_GATEWAY_DOWN },
      }),
      memberOnly,
      validate('param', idParamSchema),
      async (c) => {
        const memberId = requireMember(c);
        await deleteCard(deps, gateway(deps), memberId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
