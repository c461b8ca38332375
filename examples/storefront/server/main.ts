// `pnpm start`: the shop on one port. The API's server (database, migrations, first-start seed)
// with the back office's pages under /admin/ and the storefront behind them: every other path
// the API does not answer is the storefront's.
import { fileURLToPath } from 'node:url';
import { loadConfig, startServer, stopOnSignals } from '@shop/api';
import { createStorefrontServer } from './app';
import { readClientAssets } from './assets';
import { createBackofficeServer } from './backoffice';
import { loadStorefrontSettings, readBuildInfo } from './settings';
import type { SsrModule } from './ssr-contract';

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));
const ssrEntry = new URL('../dist/server/entry-server.js', import.meta.url).href;
// The back office's build, from server/main.ts and from the compiled dist/main.js alike.
const backofficeDir = fileURLToPath(new URL('../../backoffice/dist', import.meta.url));

// `pnpm start` runs here, in examples/storefront; the README promises the data in the root's .data.
process.env.DATA_DIR ||= fileURLToPath(new URL('../../../.data', import.meta.url));

const build = readBuildInfo(clientDir);
// The API publishes the build for the new-build check: it must be the client build served here.
const config = { ...loadConfig(), build };
const ssr = (await import(ssrEntry)) as SsrModule;
await ssr.preloadPages();
const assets = readClientAssets(clientDir);

const running = await startServer({
  config,
  configure(app) {
    const storefront = createStorefrontServer({
      api: app,
      ssr,
      assets,
      clientDir,
      settings: loadStorefrontSettings(process.env, {
        ipFilter: config.ipFilter,
        build,
        paymentGateway: config.commerce.gateway,
        publicOrigin: config.publicOrigin,
        botCheck: config.accounts.botCheck !== null,
      }),
    });
    const backoffice = createBackofficeServer({ distDir: backofficeDir });
    app.all('/admin', (c) => backoffice.fetch(c.req.raw, c.env));
    app.all('/admin/*', (c) => backoffice.fetch(c.req.raw, c.env));
    app.all('*', (c) => storefront.fetch(c.req.raw, c.env));
  },
});

stopOnSignals(running);
