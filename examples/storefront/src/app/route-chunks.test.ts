import { ROUTES } from '@shop/rules';
import { describe, expect, it } from 'vitest';
import { hasRouteChunk, loadRouteChunk, routeFileName } from './route-chunks';

describe('routeFileName', () => {
  it('turns a route id into its kebab-case file name', () => {
    expect(routeFileName('top')).toBe('top');
    expect(routeFileName('contactSent')).toBe('contact-sent');
    expect(routeFileName('informationBundle')).toBe('information-bundle');
  });
});

describe('route chunks', () => {
  // Account pages (/mypage, cart, checkout) belong to the account issue.
  const publicRoutes = Object.values(ROUTES).filter(
    (route) => !route.member && route.layout === 'default' && !route.pattern.startsWith('/mypage'),
  );

  it.each(publicRoutes.map((route) => [route.id]))(
    'has a page for the public route %s',
    async (id) => {
      expect(await hasRouteChunk(id)).toBe(true);
    },
  );

  it('has no page for an unknown route', async () => {
    expect(await hasRouteChunk('noSuchRoute')).toBe(false);
  });

  it('loads a route chunk to its page component', async () => {
    const Page = await loadRouteChunk('faq');
    expect(typeof Page).toBe('function');
  });

  it('loads the first page from the URL of its chunk, as hydration does', async () => {
    const { loadRouteChunkFrom, loadedRouteChunk } = await import('./route-chunks');
    const Page = await loadRouteChunkFrom('terms', './routes/terms.tsx');
    expect(typeof Page).toBe('function');
    expect(loadedRouteChunk('terms')).toBe(Page);
  });

  it('rejects a route without a page', async () => {
    await expect(loadRouteChunk('no-such-route')).rejects.toThrow(/no route chunk/);
  });
});

describe('loadAllRouteChunks', () => {
  it('loads the chunk of every route that has a page', async () => {
    const { loadAllRouteChunks, loadedRouteChunk } = await import('./route-chunks');
    await loadAllRouteChunks();
    for (const id of ['top', 'contactSent', 'informationBundle', 'devSnackbar']) {
      expect(loadedRouteChunk(id)).toBeTypeOf('function');
    }
  });
});
