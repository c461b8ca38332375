import type { RouteId } from '@shop/rules';
import type { PageLoader, PageLoaders } from './page-loaders';
import { routeIdOfFile } from './route-chunks';

// Each route's data loader sits beside its page: src/app/routes/<route id in kebab case>.loader.ts
// exports `loader`. Loaders run on the server only (for the document and for the payload JSON),
// so they are gathered here, in the SSR bundle, and never in a page's chunk (the route map takes
// the .tsx files alone). A route without one renders from its route title alone.
const LOADER_MODULES = import.meta.glob<PageLoader>('./routes/*.loader.ts', {
  eager: true,
  import: 'loader',
});

/** The data loader of each route, by route id. */
export const PAGE_LOADERS: PageLoaders = Object.fromEntries(
  Object.entries(LOADER_MODULES).map(([file, loader]) => [routeIdOfFile(file) as RouteId, loader]),
);
