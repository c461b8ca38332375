import { Hono } from 'hono';
import * as z from 'zod';
import { ORDER_STATES } from '../db/schema/orders';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { orderSchema, releasePrecisionSchema } from '../schemas/orders';
import { idParamSchema, positiveIntText } from '../schemas/params';
import { cancelOrder, getOrder, listOrders } from '../services/orders';
import { memberPointExpiry } from '../services/point-expiry';
import { pointBalance, pointHistory } from '../services/points';
import {
  cancelWithPostponementLink,
  previewPostponementCancel,
} from '../services/postponement-cancel';

const listQuerySchema = z.strictObject({
  state: z.enum(ORDER_STATES).optional(),
  page: positiveIntText(4, 'ページ番号が正しくありません').default(1),
});

const reservationCancelSchema = z.object({
  orderId: z.int(),
  state: z.enum(ORDER_STATES),
  cancellable: z.boolean().meta({
    description: 'Whether the link cancels it now (@shop/rules isMemberCancellable of its state)',
  }),
  releaseDate: z.iso.date().nullable(),
  releaseDatePrecision: releasePrecisionSchema,
  items: z.array(z.object({ title: z.string(), variationName: z.string(), quantity: z.int() })),
  amountDue: z.int(),
});

export const ORDERS_PAGE_SIZE = 20;

/** The signed token of a 発売延期のお知らせ's cancellation link. */
export const reservationCancelQuerySchema = z.strictObject({
  token: z
    .string({ error: 'キャンセル用のリンクが正しくありません' })
    .min(1, { error: 'キャンセル用のリンクが正しくありません' })
    .max(200, { error: 'キャンセル用のリンクが正しくありません' }),
});

/**
 * /api/orders/: the member's order history with states (GET, `?state=&page=`), one order
 * (GET /{id}/) and cancellation before shipment (POST /{id}/cancel/); the reservation a
 * postponement mail's link names (GET /reservation-cancel/?token=) and its free cancellation
 * (POST), with no login: the signed token is the proof.
 */
export function orderRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/reservation-cancel/',
      documented({
        tag: 'orders',
        summary:
          "The reservation a 発売延期のお知らせ's cancellation link names (no address or payment), and whether the link cancels it now; no session: the signed token is the proof",
        response: reservationCancelSchema,
        errors: {
          400: '`cancel_link_invalid`: not a token this shop signed',
          404: '`order_not_found`: the order is gone (its member withdrew)',
        },
      }),
      validate('query', reservationCancelQuerySchema),
      async (c) => c.json(await previewPostponementCancel(deps, c.req.valid('query').token)),
    )
    .post(
      '/reservation-cancel/',
      documented({
        tag: 'orders',
        summary:
          "Cancel, free, the reservation a 発売延期のお知らせ's link names, as its member would (stock, benefits and points come back; the card authorisation is voided); no login: the signed token is the proof",
        response: reservationCancelSchema,
        errors: {
          400: '`cancel_link_invalid`: not a token this shop signed',
          404: '`order_not_found`: the order is gone (its member withdrew)',
          409: '`order_not_cancellable` (preparing, shipped or cancelled already), `order_in_bundle`',
        },
      }),
      validate('query', reservationCancelQuerySchema),
      async (c) => c.json(await cancelWithPostponementLink(deps, c.req.valid('query').token)),
    )
    .get(
      '/',
      documented({
        tag: 'orders',
        summary: 'Order history, newest first',
        access: 'member',
        response: z.object({
          orders: z.array(orderSchema),
          total: z.int(),
          page: z.int(),
          pageSize: z.int(),
        }),
      }),
      memberOnly,
      validate('query', listQuerySchema),
      async (c) => {
        const { state, page } = c.req.valid('query');
        const result = await listOrders(deps, requireMember(c), {
          state,
          limit: ORDERS_PAGE_SIZE,
          offset: (page - 1) * ORDERS_PAGE_SIZE,
        });
        return c.json({ ...result, page, pageSize: ORDERS_PAGE_SIZE });
      },
    )
    .get(
      '/:id/',
      documented({
        tag: 'orders',
        summary: 'One order',
        access: 'member',
        response: orderSchema,
        errors: { 404: "`order_not_found` (also another member's order)" },
      }),
      memberOnly,
      validate('param', idParamSchema),
      async (c) => {
        return c.json(await getOrder(deps, requireMember(c), c.req.valid('param').id));
      },
    )
    .post(
      '/:id/cancel/',
      documented({
        tag: 'orders',
        summary:
          'Cancel a reservation or unpaid order (stock, benefits and points come back; the card authorisation is voided)',
        access: 'member',
        response: orderSchema,
        errors: {
          404: '`order_not_found`',
          409: '`order_not_cancellable`, `order_in_bundle`',
        },
      }),
      memberOnly,
      validate('param', idParamSchema),
      async (c) => {
        const memberId = requireMember(c);
        return c.json(await cancelOrder(deps, c.req.valid('param').id, { memberId }));
      },
    );
}

/** /api/points/: the member's balance and latest ledger entries. */
export function pointRoutes(deps: AppDeps) {
  return new Hono().get(
    '/',
    documented({
      tag: 'orders',
      summary: 'Point balance, its next expiry and latest ledger entries',
      access: 'member',
      response: z.object({
        balance: z.int(),
        nextExpiry: z
          .object({
            date: z.iso.date().meta({
              description: 'The last JST day the points can be used; they expire the day after.',
            }),
            amount: z.int().meta({ description: 'Points that expire then: the whole balance.' }),
          })
          .nullable(),
        entries: z.array(
          z.object({
            id: z.int(),
            kind: z.string(),
            amount: z.int(),
            orderId: z.int().nullable(),
            createdAt: z.iso.datetime(),
          }),
        ),
      }),
    }),
    memberOnly,
    async (c) => {
      const memberId = requireMember(c);
      const balance = await pointBalance(deps.db.orm, memberId);
      return c.json({
        balance,
        nextExpiry: await memberPointExpiry(deps.db.orm, memberId, balance),
        entries: await pointHistory(deps.db.orm, memberId),
      });
    },
  );
}
