import { expect, test } from 'vitest';
import { openApiDocument } from '../openapi';

test('the OpenAPI document lists every account endpoint with its request schema', () => {
  const { paths } = openApiDocument() as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
  expect(methods('/api/session/')).toEqual(['get']);
  expect(methods('/api/addressbook/{id}/')).toEqual(['delete', 'get', 'put']);
  expect(methods('/api/gmo-multipay/creditcard/')).toEqual(['get', 'post']);
  expect(methods('/api/favorites/{contentType}/{slug}/')).toEqual(['delete', 'get']);
  expect(methods('/api/takeover/usertakeover/')).toEqual(['get', 'post']);
  expect(methods('/api/user/delete/')).toEqual(['get', 'post']);
  expect(methods('/api/contact/')).toEqual(['get', 'post']);
  expect(JSON.stringify(paths['/api/addressbook/']?.post?.requestBody)).toContain('沖縄県');
});
