import { Hono } from 'hono';
import { cardRegistrationSchema } from '../accounts/card-token';
import { clientAddress } from '../accounts/client-address';
import { idParamSchema } from '../accounts/params';
import type { AppDeps } from '../deps';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { deleteCard, gateway, listCards, registerCard } from '../services/cards';

/** /api/gmo-multipay/creditcard/: the member's saved cards (list, register from a token, delete). */
export function creditCardRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', memberOnly, async (c) => c.json({ cards: await listCards(deps, requireMember(c)) }))
    .post('/', memberOnly, validate('json', cardRegistrationSchema), async (c) => {
      const memberId = requireMember(c);
      const { token } = c.req.valid('json');
      const address = clientAddress(c, deps.config.accounts.trustProxy);
      const card = await registerCard(deps, gateway(deps), memberId, token, address);
      return c.json({ card }, 201);
    })
    .delete('/:id/', memberOnly, validate('param', idParamSchema), async (c) => {
      const memberId = requireMember(c);
      await deleteCard(deps, gateway(deps), memberId, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
