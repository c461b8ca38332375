import { describe, expect, it } from 'vitest';
import { loadRouteChunkFrom } from './route-chunks';

// A route chunk's `ready` (route-chunks.ts): the page's first render in the browser comes after
// the chunks of the parts it displays (the checkout's fees and address texts, the order cards),
// so none of them renders its fallback, which would shift the page
// (e2e/checkout-layout-shift.e2e.ts) or leave an address choice unlabelled.
function chunk(readyMs: number | null, fails = false): string {
  const ready =
    readyMs === null
      ? ''
      : `export const ready = () => new Promise((resolve, reject) => setTimeout(() => { globalThis.readyAt = Date.now(); ${fails ? 'reject(new Error("chunk"))' : 'resolve()'}; }, ${readyMs}));`;
  return `data:text/javascript,${encodeURIComponent(`export default function Page() { return null; }\n${ready}`)}`;
}

describe("a route chunk's ready", () => {
  it('resolves the page component only once what the page displays has loaded', async () => {
    const g = globalThis as { readyAt?: number };
    g.readyAt = undefined;
    const page = await loadRouteChunkFrom('readyLater', chunk(40));
    expect(page).toBeTypeOf('function');
    expect(g.readyAt).toBeTypeOf('number');
  });

  it('resolves all the same when that part failed to load (the part shows its own failure)', async () => {
    await expect(loadRouteChunkFrom('readyFails', chunk(10, true))).resolves.toBeTypeOf('function');
  });

  it('needs no ready', async () => {
    await expect(loadRouteChunkFrom('noReady', chunk(null))).resolves.toBeTypeOf('function');
  });
});
