// `pnpm dev`: the shop on one port for development. Vite serves the browser's modules from
// source with hot module replacement, the pages are server-rendered from source (each request
// loads src/entry-server.tsx through Vite, so an edit shows on the next request), and the API
// runs from source under `tsx watch` (package.json), which restarts this process when a file of
// the server, @shop/api or @shop/rules changes. Nothing is built; `pnpm start` serves the build.
import { createServer as createHttpServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp, createDeps, loadConfig } from '@shop/api';
import { createServer as createViteServer } from 'vite';
import { createStorefrontServer } from './app';
import { loadStorefrontSettings } from './settings';
import type { ClientAssets, SsrModule } from './ssr-contract';

const root = fileURLToPath(new URL('..', import.meta.url));
process.env.DATA_DIR ||= fileURLToPath(new URL('../../../.data', import.meta.url));

// The browser's entry: React Refresh's preamble (what Vite's index.html transform would add)
// before the first component module is evaluated, then the storefront's own entry.
const DEV_ENTRY = '/@shop/dev-entry.js';
const devEntrySource = `import { injectIntoGlobalHook } from '/@react-refresh';
injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
await import('/src/entry-client.tsx');
`;

/** Source modules instead of the build's chunks: CSS arrives with the modules that import it. */
const devAssets: ClientAssets = {
  entry: DEV_ENTRY,
  css: [],
  preloads: () => [],
  routeChunk: (page) => `/src/app/routes/${page}.tsx`,
};

const config = { ...loadConfig(), seedProducts: Number(process.env.SEED_PRODUCTS ?? 300) };
const deps = await createDeps(config);
const api = createApp(deps);
const server = createHttpServer();
const vite = await createViteServer({
  root,
  server: { middlewareMode: true, hmr: { server } },
  appType: 'custom',
});
const entryServer = () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<SsrModule>;
const ssr: SsrModule = {
  preloadPages: async () => {},
  resolvePage: async (request) => (await entryServer()).resolvePage(request),
  renderDocument: async (payload, request, assets, nonce) =>
    (await entryServer()).renderDocument(payload, request, assets, nonce),
};
const storefront = createStorefrontServer({
  api,
  ssr,
  assets: devAssets,
  clientDir: fileURLToPath(new URL('../public', import.meta.url)),
  settings: loadStorefrontSettings(
    { STOREFRONT_DEV_PAGES: 'true', STOREFRONT_DEVELOPMENT: 'true', ...process.env },
    {
      ipFilter: config.ipFilter,
      build: config.build,
      paymentGateway: config.commerce.gateway,
      publicOrigin: config.publicOrigin,
      botCheck: config.accounts.botCheck !== null,
    },
  ),
});
api.all('*', (c) => storefront.fetch(c.req.raw, c.env));
const shop = getRequestListener(api.fetch);

server.on('request', (request, response) => {
  if (request.url === DEV_ENTRY) {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(devEntrySource);
    return;
  }
  vite.middlewares(request, response, () => shop(request, response));
});
server.listen(config.port, () => {
  deps.log(`shop (development) on http://localhost:${config.port} (${deps.db.kind})`);
});

// tsx watch stops this process before starting the next one, which opens the same database.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    server.closeAllConnections();
    server.close();
    await vite.close();
    await deps.db.close();
    process.exit(0);
  });
}
