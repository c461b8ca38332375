import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { favoriteSchema, favoriteStateSchema } from '../schemas/accounts';
import { memberPageQuery } from '../schemas/params';
import {
  addFavorite,
  FAVORITE_CONTENT_TYPES,
  isFavorite,
  listFavorites,
  removeFavorite,
} from '../services/favorites';

const contentType = z.enum(FAVORITE_CONTENT_TYPES, {
  error: 'お気に入りの種類（商品・シリーズ・作者）をご確認ください',
});
const slug = z
  .string()
  .min(1)
  .max(200, { error: 'スラッグが長すぎます' })
  .regex(/^[\p{L}\p{N}_.~-]+$/u, { error: 'スラッグが正しくありません' });

export const typeParam = z.strictObject({ contentType });
export const itemParam = z.strictObject({ contentType, slug });
export const addBody = z.strictObject({ slug });

/** /api/favorites/{contentType}/: the member's favourite products, series and authors. */
export function favoriteRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/:contentType/',
      documented({
        tag: 'accounts',
        summary: 'Favourites of one type, newest first',
        access: 'member',
        response: z.object({
          total: z.int(),
          page: z.int(),
          pageSize: z
            .int()
            .meta({ description: 'Favourites a page holds (the last may hold fewer)' }),
          items: z.array(favoriteSchema),
        }),
      }),
      memberOnly,
      validate('param', typeParam),
      validate('query', memberPageQuery),
      async (c) => {
        const { contentType } = c.req.valid('param');
        const page = c.req.valid('query').page ?? 1;
        return c.json(await listFavorites(deps.db, requireMember(c), contentType, page));
      },
    )
    .post(
      '/:contentType/',
      documented({
        tag: 'accounts',
        summary: 'Add a favourite',
        access: 'member',
        success: { 201: 'Added', 200: 'It already was a favourite' },
        response: favoriteStateSchema,
        errors: { 404: '`favorite_target_not_found`', 409: '`favorite_limit_reached`' },
      }),
      memberOnly,
      validate('param', typeParam),
      validate('json', addBody),
      async (c) => {
        const { contentType } = c.req.valid('param');
        const { slug } = c.req.valid('json');
        const { created } = await addFavorite(
          deps.db,
          requireMember(c),
          contentType,
          slug,
          deps.now(),
        );
        return c.json({ contentType, slug, favorite: true }, created ? 201 : 200);
      },
    )
    .get(
      '/:contentType/:slug/',
      documented({
        tag: 'accounts',
        summary: 'Whether a target is a favourite',
        access: 'member',
        response: favoriteStateSchema,
      }),
      memberOnly,
      validate('param', itemParam),
      async (c) => {
        const { contentType, slug } = c.req.valid('param');
        const favorite = await isFavorite(deps.db, requireMember(c), contentType, slug);
        return c.json({ contentType, slug, favorite });
      },
    )
    .delete(
      '/:contentType/:slug/',
      documented({
        tag: 'accounts',
        summary: 'Remove a favourite',
        access: 'member',
        success: { 204: 'Removed' },
        errors: { 404: '`favorite_not_found`' },
      }),
      memberOnly,
      validate('param', itemParam),
      async (c) => {
        const { contentType, slug } = c.req.valid('param');
        await removeFavorite(deps.db, requireMember(c), contentType, slug);
        return c.body(null, 204);
      },
    );
}
