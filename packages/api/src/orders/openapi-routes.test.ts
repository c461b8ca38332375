import { describe, expect, test } from 'vitest';
import { idParamSchema } from '../accounts/params';
import { addSchema, quantitySchema, variationParamSchema } from '../routes/cart';
import { releaseDateSchema } from '../routes/operator';
import { listQuerySchema } from '../routes/orders';
import { bundleListQuerySchema, bundleSelectionSchema } from '../services/bundles';
import { confirmBodySchema, quoteBodySchema } from '../services/checkout/schemas';
import { ORDER_ROUTE_DOCS } from './openapi-routes';

function route(operation: string) {
  const found = ORDER_ROUTE_DOCS.find((r) => `${r.method} ${r.path}` === operation);
  if (!found) throw new Error(`${operation} is not documented`);
  return found;
}

describe('orders in the OpenAPI document', () => {
  test('documents requests with the very schemas the routes validate with', () => {
    expect(route('post /api/cart/').body).toBe(addSchema);
    expect(route('put /api/cart/{variationId}/').params).toBe(variationParamSchema);
    expect(route('put /api/cart/{variationId}/').body).toBe(quantitySchema);
    expect(route('delete /api/cart/{variationId}/').params).toBe(variationParamSchema);
    for (const kind of ['checkout', 'reserve']) {
      expect(route(`post /api/reserveshop/${kind}/quote/`).body).toBe(quoteBodySchema);
      expect(route(`post /api/reserveshop/${kind}/`).body).toBe(confirmBodySchema);
    }
    expect(route('get /api/reserveshop/bundle/').query).toBe(bundleListQuerySchema);
    expect(route('post /api/reserveshop/bundle/').body).toBe(bundleSelectionSchema);
    expect(route('get /api/orders/').query).toBe(listQuerySchema);
    expect(route('post /api/operator/products/{id}/release-date/').body).toBe(releaseDateSchema);
    expect(route('post /api/operator/products/{id}/release-date/').params).toBe(idParamSchema);
  });

  test('confirms carry an Idempotency-Key and answer 201 (a bundle replay 200)', () => {
    const keyed = ORDER_ROUTE_DOCS.filter((r) => r.idempotencyKey).map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(keyed.sort()).toEqual([
      'post /api/reserveshop/bundle/',
      'post /api/reserveshop/checkout/',
      'post /api/reserveshop/reserve/',
    ]);
    expect(Object.keys(route('post /api/reserveshop/checkout/').success ?? {})).toEqual(['201']);
    expect(Object.keys(route('post /api/reserveshop/bundle/').success ?? {})).toEqual([
      '200',
      '201',
    ]);
  });

  test('operator operations, and only they, are under /api/operator/ with the bearer token', () => {
    for (const r of ORDER_ROUTE_DOCS) {
      expect(r.access === 'operator', r.path).toBe(r.path.startsWith('/api/operator/'));
    }
  });
});
