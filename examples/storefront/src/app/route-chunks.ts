import type { RouteId } from '@shop/rules';
import type { ComponentType } from 'react';

/** What a route component receives: the payload data of its page and the matched parameters. */
export interface PageProps<Data = unknown> {
  data: Data;
  params: Record<string, string>;
  href: string;
}

export type RouteModule = {
  default: ComponentType<PageProps<never>>;
  /**
   * What the page's first render in the browser waits for: the chunk of a part it displays
   * (the checkout's fees and address texts, my page's order cards). Rendered before it has
   * arrived, such a part shows its fallback if anything above it changes first (a session
   * arriving), and the page shifts when it comes. A failure is the part's own business.
   */
  ready?: () => Promise<unknown>;
};
type RouteImporters = Record<string, () => Promise<RouteModule>>;

/** 'contactSent' → 'contact-sent': the file name of a route id. */
export function routeFileName(id: string): string {
  return id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** './routes/contact-sent.tsx' or './routes/contact-sent.loader.ts' → 'contactSent'. */
export function routeIdOfFile(file: string): string {
  return file
    .replace('./routes/', '')
    .replace(/(\.loader)?\.tsx?$/, '')
    .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

let importers: Promise<RouteImporters> | undefined;

/** The map of every route chunk (src/app/route-map.ts), fetched once; a failure is not kept. */
export function loadRouteMap(): Promise<RouteImporters> {
  importers ??= import('./route-map').then(
    (module) => module.ROUTE_MODULES,
    (error: unknown) => {
      importers = undefined;
      throw error;
    },
  );
  return importers;
}

/** Whether a route has a page (a file under src/app/routes/). */
export async function hasRouteChunk(id: RouteId | string): Promise<boolean> {
  return `./routes/${routeFileName(id)}.tsx` in (await loadRouteMap());
}

const loading = new Map<string, Promise<ComponentType<PageProps<never>>>>();
const loaded = new Map<string, ComponentType<PageProps<never>>>();

function remember(
  id: string,
  load: () => Promise<RouteModule>,
): Promise<ComponentType<PageProps<never>>> {
  const pending = loading.get(id);
  if (pending) return pending;
  const promise = load().then(
    async (module) => {
      if (module.ready && typeof window !== 'undefined')
        await module.ready().catch(() => undefined);
      loaded.set(id, module.default);
      return module.default;
    },
    (error: unknown) => {
      // A failed chunk load may succeed after a reload or a retry: do not cache the failure.
      loading.delete(id);
      throw error;
    },
  );
  loading.set(id, promise);
  return promise;
}

/** Loads (once) the chunk of a route; resolves with its page component. */
export function loadRouteChunk(id: string): Promise<ComponentType<PageProps<never>>> {
  return remember(id, async () => {
    const importer = (await loadRouteMap())[`./routes/${routeFileName(id)}.tsx`];
    if (!importer) throw new Error(`no route chunk for ${id}`);
    return importer();
  });
}

/**
 * Loads the first page's chunk from the URL the server gave in the boot data (it is already
 * modulepreloaded), without the route map.
 */
export function loadRouteChunkFrom(id: string, url: string): Promise<unknown> {
  return remember(id, () => import(/* @vite-ignore */ url) as Promise<RouteModule>);
}

/** The page component of a route whose chunk has already loaded, for a synchronous render. */
export function loadedRouteChunk(id: string): ComponentType<PageProps<never>> | undefined {
  return loaded.get(id);
}

/**
 * Loads every route chunk now. The server calls it at start, so requests never wait for a chunk
 * and a later rebuild of dist/ cannot pull a module from under a running process.
 */
export async function loadAllRouteChunks(): Promise<void> {
  const ids = Object.keys(await loadRouteMap()).map(routeIdOfFile);
  await Promise.all(ids.map((id) => loadRouteChunk(id)));
}
