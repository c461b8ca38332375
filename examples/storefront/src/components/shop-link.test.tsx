import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerRoutePrefetcher } from '../lib/route-prefetch';
import { ShopLink } from './shop-link';

// What a visible link fetches ahead: the route chunk and the page payload, stood in for here.
const chunks = vi.hoisted(() => ({ loaded: [] as string[] }));
const payloads = vi.hoisted(() => ({ fetched: [] as string[] }));
vi.mock('../lib/payload-cache', () => ({
  prefetchPayload: (href: string) => payloads.fetched.push(href),
}));

// Every observed link is at once visible, and idle time comes at once.
class VisibleAtOnce {
  constructor(private readonly callback: (entries: unknown[]) => void) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target }]);
  }
  unobserve() {}
  disconnect() {}
}

beforeAll(() => {
  registerRoutePrefetcher({
    hasPage: async () => true,
    loadPage: async (id: string) => {
      chunks.loaded.push(id);
    },
    loadModal: async () => undefined,
  });
  vi.stubGlobal('IntersectionObserver', VisibleAtOnce);
  vi.stubGlobal('requestIdleCallback', (run: () => void) => run());
});
afterAll(() => vi.unstubAllGlobals());
afterEach(cleanup);

async function show(href: string) {
  render(<ShopLink href={href}>link</ShopLink>);
  await vi.waitFor(() => expect(chunks.loaded.length).toBeGreaterThan(0));
  const seen = { chunks: [...chunks.loaded], payloads: [...payloads.fetched] };
  chunks.loaded.length = 0;
  payloads.fetched.length = 0;
  return seen;
}

describe('ShopLink prefetch', () => {
  it("fetches a shop page's chunk and payload ahead of the click", async () => {
    expect(await show('/ranking/daily')).toEqual({
      chunks: ['ranking'],
      payloads: ['/ranking/daily'],
    });
  });

  it('fetches only the chunk of a per-session page: the cart and the member pages', async () => {
    expect(await show('/cart')).toEqual({ chunks: ['cart'], payloads: [] });
    expect(await show('/mypage/order-history')).toEqual({
      chunks: ['orderHistory'],
      payloads: [],
    });
    expect(await show('/mypage/bundle/12')).toEqual({ chunks: ['bundle'], payloads: [] });
  });

  it('starts the fetches of one link per idle period, not of every visible link at once', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <>
        <ShopLink href="/ranking/weekly">a</ShopLink>
        <ShopLink href="/ranking/monthly">b</ShopLink>
        <ShopLink href="/ranking/yearly">c</ShopLink>
      </>,
    );
    const started: string[][] = [];
    while (idle.length > 0) {
      idle.shift()?.();
      await flush();
      started.push([...payloads.fetched]);
    }
    expect(started).toEqual([
      ['/ranking/weekly'],
      ['/ranking/weekly', '/ranking/monthly'],
      ['/ranking/weekly', '/ranking/monthly', '/ranking/yearly'],
      ['/ranking/weekly', '/ranking/monthly', '/ranking/yearly'],
    ]);
    expect(chunks.loaded).toEqual(['ranking', 'ranking', 'ranking']);
    vi.stubGlobal('requestIdleCallback', (run: () => void) => run());
  });
});
