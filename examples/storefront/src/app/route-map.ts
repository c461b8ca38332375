import type { RouteModule } from './route-chunks';

// Every page is its own chunk: src/app/routes/<route id in kebab case>.tsx. A route of ROUTES
// without a file here answers 404.
//
// This map (each chunk's file and the files it imports, so a navigation fetches them in
// parallel) is a chunk of its own: hydrating the first page needs only that page's chunk, whose
// URL the server puts in the boot data, so the map is fetched once the page is idle or on the
// first navigation or prefetch, and stays out of every page's first load.
export const ROUTE_MODULES = import.meta.glob<RouteModule>('./routes/*.tsx');
