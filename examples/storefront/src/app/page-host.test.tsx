import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, SESSION } from '../testing/fake-api';
import { pagePayload, renderPageHost } from '../testing/render';
import { loadRouteChunk } from './route-chunks';

const ENCODED = '/lp/terms?from=%E9%99%90%E5%AE%9A%E7%89%88';

let api: ReturnType<typeof fakeApi>;

beforeEach(async () => {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  await loadRouteChunk('terms');
  api = fakeApi({
    'GET /api/session/': () => SESSION,
    'GET /_payload/lp/terms.json': ({ url }) => pagePayload('terms', `/lp/terms${url.search}`),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const payloadRequests = () => api.requests.filter((r) => r.url.pathname.startsWith('/_payload'));

describe('PageHost', () => {
  it('keeps the page it was given for a URL with a non-ASCII query: no second fetch, no scroll', async () => {
    renderPageHost(pagePayload('terms', ENCODED));
    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(payloadRequests()).toEqual([]);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('still fetches the next page when the query changes', async () => {
    renderPageHost(pagePayload('terms', ENCODED));
    await screen.findByRole('heading', { level: 1, name: '利用規約' });
    await act(async () => {
      window.history.pushState(null, '', '/lp/terms?from=%E7%89%B9%E5%85%B8');
    });
    await vi.waitFor(() => expect(window.scrollTo).toHaveBeenCalled());
    expect(payloadRequests().map((r) => r.url.search)).toEqual(['?from=%E7%89%B9%E5%85%B8']);
  });

  it('marks the document hydrated once the content has hydrated, and when the page failed too', async () => {
    delete document.documentElement.dataset.hydrated;
    renderPageHost(pagePayload('terms', '/lp/terms'));
    await screen.findByRole('heading', { level: 1, name: '利用規約' });
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));

    cleanup();
    delete document.documentElement.dataset.hydrated;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A page whose chunk was never loaded throws while rendering: the 500 screen shows instead.
    renderPageHost(pagePayload('sales-terms-never-loaded', '/lp/nowhere'));
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
