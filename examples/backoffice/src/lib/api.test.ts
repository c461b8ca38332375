import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, CSRF_TOKEN, fakeApi, sessionHandler } from '../testing/fake-api';
import { ApiRequestError, adminUrl, api, onUnauthorized, rememberCsrfToken } from './api';

describe('api', () => {
  afterEach(() => rememberCsrfToken(null));

  it('builds /api/admin/ URLs with only the set query values', () => {
    expect(
      adminUrl('orders/', { state: 'shipped', cursor: undefined, overdue: '', limit: 50 }),
    ).toBe('/api/admin/orders/?state=shipped&limit=50');
    expect(adminUrl('/dashboard/')).toBe('/api/admin/dashboard/');
  });

  it('sends every write with the CSRF token of GET session/, read once', async () => {
    const fake = fakeApi({
      'GET /api/admin/session/': sessionHandler(),
      'POST /api/admin/orders/bulk/cancel/': () => ({ results: [] }),
    });
    await api.post('orders/bulk/cancel/', { ids: [1] });
    await api.post('orders/bulk/cancel/', { ids: [2] });
    const writes = fake.calls('POST /api/admin/orders/bulk/cancel/');
    expect(writes.map((w) => w.headers.get('x-csrf-token'))).toEqual([CSRF_TOKEN, CSRF_TOKEN]);
    expect(writes[0]?.body).toEqual({ ids: [1] });
    expect(fake.calls('GET /api/admin/session/')).toHaveLength(1);
    const fetchMock = vi.mocked(globalThis.fetch);
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('fetches a fresh token and tries once more when the token was stale', async () => {
    rememberCsrfToken('stale');
    const fake = fakeApi({
      'GET /api/admin/session/': sessionHandler(),
      'POST /api/admin/staff/': (request) =>
        request.headers.get('x-csrf-token') === CSRF_TOKEN
          ? { id: 2 }
          : apiError(403, 'csrf_token', 'CSRFトークンが正しくありません。'),
    });
    await expect(api.post('staff/', {})).resolves.toEqual({ id: 2 });
    expect(fake.calls('POST /api/admin/staff/')).toHaveLength(2);
  });

  it('turns a refusal into an ApiRequestError with the Japanese message and fields', async () => {
    fakeApi({
      'GET /api/admin/orders/1/': () =>
        apiError(404, 'order_not_found', '注文が見つかりません。', [
          { path: 'id', message: '注文番号を確認してください。' },
        ]),
    });
    const error = await api.get('orders/1/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 404,
      code: 'order_not_found',
      message: '注文が見つかりません。',
      details: [{ path: 'id', message: '注文番号を確認してください。' }],
    });
  });

  it('answers a Japanese message when there is no answer or no error body', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('dashboard/')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: expect.stringContaining('通信できませんでした'),
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('Bad Gateway', { status: 502 })));
    await expect(api.get('dashboard/')).rejects.toMatchObject({
      status: 502,
      message: 'サーバーでエラーが発生しました。時間をおいてもう一度お試しください。',
    });
  });

  it('tells the app a request found no staff session (401 staff_unauthorized) and no other 401', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fakeApi({
      'GET /api/admin/dashboard/': () =>
        apiError(401, 'staff_unauthorized', 'スタッフとしてログインしてください。'),
      'POST /api/admin/session/': () =>
        apiError(401, 'totp_code_required', '確認コードを入力してください。'),
      'GET /api/admin/session/': sessionHandler(null),
    });
    await expect(api.post('session/', { email: 'a@example.jp', password: 'x' })).rejects.toThrow();
    expect(listener).not.toHaveBeenCalled();
    await expect(api.get('dashboard/')).rejects.toThrow('スタッフとしてログインしてください。');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
