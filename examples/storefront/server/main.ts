// `pnpm start`: the shop on one port. The API's server (database, migrations, first-start seed)
// with the storefront mounted behind it: every path the API does not answer is the storefront's.
import { fileURLToPath } from 'node:url';
import { loadConfig, startServer, stopOnSignals } from '@shop/api';
import { createStorefrontServer } from './app';
import { readClientAssets } from './assets';
import { loadStorefrontSettings, readBuildInfo } from './settings';
import type { SsrModule } from './ssr-contract';

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));
const ssrEntry = new URL('../dist/server/entry-server.js', import.meta.url).href;

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
    app.all('*', (c) => storefront.fetch(c.req.raw, c.env));
  },
});

stopOnSignals(running);
