import { describe, expect, test } from 'vitest';
import { openApiDocument } from '../openapi';
import { ORDER_ROUTE_DOCS } from './openapi-routes';

describe('orders in the OpenAPI document', () => {
  test('every orders route is documented with its method', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    for (const route of ORDER_ROUTE_DOCS) {
      expect(doc.paths[route.path]?.[route.method], `${route.method} ${route.path}`).toBeDefined();
    }
    expect(doc.paths['/api/reserveshop/checkout/']?.post).toBeDefined();
    expect(doc.paths['/api/operator/orders/{id}/ship/']?.post).toBeDefined();
    expect(doc.paths['/api/reserveshop/bundle/']?.post).toBeDefined();
    expect(doc.paths['/api/reserveshop/bundle/{id}/']?.get).toBeDefined();
  });
});
