import { expect, test } from 'vitest';
import { openApiDocument } from '../openapi';
import { postalCodeParamSchema } from '../routes/addressbook';
import { addBody, itemParam, listQuery, typeParam } from '../routes/favorites';
import { withdrawalSchema } from '../routes/user';
import { contactSchema } from '../services/contact';
import { takeoverSchema } from '../services/takeover';
import { shippingAddressSchema } from './address';
import { cardRegistrationSchema } from './card-token';
import { loginSchema, registrationSchema } from './member-schemas';
import { ACCOUNT_ROUTE_DOCS } from './openapi-routes';
import { idParamSchema } from './params';

function route(operation: string) {
  const found = ACCOUNT_ROUTE_DOCS.find((r) => `${r.method} ${r.path}` === operation);
  if (!found) throw new Error(`${operation} is not documented`);
  return found;
}

test('account requests are documented with the very schemas the routes validate with', () => {
  expect(route('post /api/session/login/').body).toBe(loginSchema);
  expect(route('post /api/user/register/').body).toBe(registrationSchema);
  expect(route('put /api/user/usershippingaddress/').body).toBe(shippingAddressSchema);
  expect(route('post /api/user/delete/').body).toBe(withdrawalSchema);
  expect(route('post /api/addressbook/').body).toBe(shippingAddressSchema);
  expect(route('put /api/addressbook/{id}/').params).toBe(idParamSchema);
  expect(route('get /api/addressbook/postal-code/{code}/').params).toBe(postalCodeParamSchema);
  expect(route('post /api/gmo-multipay/creditcard/').body).toBe(cardRegistrationSchema);
  expect(route('get /api/favorites/{contentType}/').params).toBe(typeParam);
  expect(route('get /api/favorites/{contentType}/').query).toBe(listQuery);
  expect(route('post /api/favorites/{contentType}/').body).toBe(addBody);
  expect(route('delete /api/favorites/{contentType}/{slug}/').params).toBe(itemParam);
  expect(route('post /api/takeover/usertakeover/').body).toBe(takeoverSchema);
  expect(route('post /api/contact/').body).toBe(contactSchema);
});

test('the address body lists the 47 prefectures, and the favourites page is a 1-5 digit string', () => {
  const { paths } = openApiDocument(ACCOUNT_ROUTE_DOCS) as {
    paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
  };
  expect(JSON.stringify(paths['/api/addressbook/']?.post?.requestBody)).toContain('沖縄県');
  expect(paths['/api/favorites/{contentType}/']?.get?.parameters).toContainEqual({
    name: 'page',
    in: 'query',
    required: false,
    schema: { type: 'string', pattern: '^[1-9]\\d{0,4}$' },
  });
});
