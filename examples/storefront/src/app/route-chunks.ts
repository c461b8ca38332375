import type { RouteId } from '@shop/rules';
import type { ComponentType } from 'react';

/** What a route component receives: the payload data of its page and the matched parameters. */
export interface PageProps<Data = unknown> {
  data: Data;
  params: Record<string, string>;
  href: string;
}

type RouteModule = { default: ComponentType<PageProps<never>> };

// Every page is its own chunk: src/app/routes/<route id in kebab case>.tsx. A route of ROUTES
// without a file here (the account pages until they are built) answers 404.
const modules = import.meta.glob<RouteModule>('./routes/*.tsx');

/** 'contactSent' → 'contact-sent': the file name of a route id. */
export function routeFileName(id: string): string {
  return id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function hasRouteChunk(id: RouteId | string): boolean {
  return `./routes/${routeFileName(id)}.tsx` in modules;
}

const loading = new Map<string, Promise<ComponentType<PageProps<never>>>>();
const loaded = new Map<string, ComponentType<PageProps<never>>>();

/** Loads (once) the chunk of a route; resolves with its page component. */
export function loadRouteChunk(id: string): Promise<ComponentType<PageProps<never>>> {
  const pending = loading.get(id);
  if (pending) return pending;
  const importer = modules[`./routes/${routeFileName(id)}.tsx`];
  if (!importer) return Promise.reject(new Error(`no route chunk for ${id}`));
  const promise = importer().then(
    (module) => {
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

/** The page component of a route whose chunk has already loaded, for a synchronous render. */
export function loadedRouteChunk(id: string): ComponentType<PageProps<never>> | undefined {
  return loaded.get(id);
}

/**
 * Loads every route chunk now. The server calls it at start, so requests never wait for a chunk
 * and a later rebuild of dist/ cannot pull a module from under a running process.
 */
export async function loadAllRouteChunks(): Promise<void> {
  const ids = Object.keys(modules).map((file) =>
    file
      .replace('./routes/', '')
      .replace(/\.tsx$/, '')
      .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
  );
  await Promise.all(ids.map((id) => loadRouteChunk(id)));
}
