import type { ProductListType } from '@shop/rules';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { productPageSchema, saleListSchema } from '../schemas/catalog';
import { pageQuery, productListParam, saleListQuery, saleTermParam } from '../schemas/params';
import {
  loadAddedList,
  loadBenefitList,
  loadDelayList,
  loadLimitedList,
  loadSaleList,
} from '../services/product-lists';

const LISTS = {
  add: loadAddedList,
  delay: loadDelayList,
  benefit: loadBenefitList,
  limited: loadLimitedList,
} as const satisfies Record<ProductListType, unknown>;

/**
 * GET /api/productlist/sale/{day|week|month}/?date=&page= (release lists) and
 * GET /api/productlist/{add|delay|benefit|limited}/?page=.
 */
export function productListRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/sale/:term/',
      documented({
        tag: 'catalog',
        summary: 'Release list of a day, week or month',
        response: saleListSchema,
      }),
      validate('param', saleTermParam),
      validate('query', saleListQuery),
      async (c) => {
        const { page, date } = c.req.valid('query');
        const list = await loadSaleList(deps.db, c.req.valid('param').term, date, page, deps.now());
        return c.json(list);
      },
    )
    .get(
      '/:type/',
      documented({
        tag: 'catalog',
        summary: 'Recent additions, postponements, benefit items or limited editions',
        response: productPageSchema,
      }),
      validate('param', productListParam),
      validate('query', pageQuery),
      async (c) => {
        const load = LISTS[c.req.valid('param').type];
        return c.json(await load(deps.db, c.req.valid('query').page, deps.now()));
      },
    );
}
