import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '@shop/api';
import { parseVariables, readFlag, variable } from '@shop/api/environment';
import type { RedirectRule } from '@shop/rules';
import type { CardGatewaySettings } from '../src/lib/card-gateway';
import type { StorefrontSettings } from './ssr-contract';

/** The build the client bundle was made by (dist/client/build.json, written by vite.config.ts). */
export function readBuildInfo(clientDir: string): { id: string; timestamp: number } {
  const file = join(clientDir, 'build.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: run \`pnpm --filter @shop/storefront build\``);
  return JSON.parse(readFileSync(file, 'utf8')) as { id: string; timestamp: number };
}

function parseRedirects(raw: string | undefined): RedirectRule[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('must be a JSON array of { "from", "to", "status" }');
  }
  if (!Array.isArray(parsed)) throw new Error('must be a JSON array of { "from", "to", "status" }');
  return parsed.map((rule: Partial<RedirectRule>) => {
    if (typeof rule.from !== 'string' || typeof rule.to !== 'string') {
      throw new Error('each STOREFRONT_REDIRECTS rule needs "from" and "to"');
    }
    const status = rule.status ?? 302;
    if (![301, 302, 303, 307, 308].includes(status)) throw new Error(`redirect status ${status}`);
    return { from: rule.from, to: rule.to, status };
  });
}

/**
 * What the browser may know of the API's card gateway (PAYMENT_GATEWAY, GMO_SHOP_ID,
 * GMO_BASE_URL): the kind, GMO's shop id, which is public (token.js is initialised with it in
 * every shopper's browser), and the environment of the endpoint the API calls (GMO's test site or
 * a production contract, as the API's configuration decides), whose token script fits it. The
 * fields are picked one by one, so the shop and site passwords beside them can never reach the
 * boot data.
 */
function publicCardGateway(gateway: AppConfig['commerce']['gateway']): CardGatewaySettings {
  if (gateway.kind === 'sandbox') return { kind: 'sandbox' };
  return { kind: 'gmo', shopId: gateway.shopId, environment: gateway.environment };
}

/**
 * The storefront's own environment variables, parsed like the API's (@shop/api CONFIG_VARIABLES)
 * and documented from here in docs/operations.md's Configuration table.
 */
export const STOREFRONT_VARIABLES = {
  STOREFRONT_DEV_PAGES: variable(
    {
      default: 'off',
      description:
        'serve `/dev`, `/dev/proxy`, `/dev/process`, `/dev/snackbar` (`true`/`1` or `false`/`0`; any other spelling stops the start)',
    },
    readFlag,
  ),
  STOREFRONT_DEVELOPMENT: variable(
    {
      default: 'off',
      description:
        'show stack traces below the error card (`true`/`1` or `false`/`0`; any other spelling stops the start)',
    },
    readFlag,
  ),
  STOREFRONT_REDIRECTS: variable(
    {
      default: 'none',
      description: 'JSON list of `{ "from", "to", "status" }` server-rule redirects',
    },
    parseRedirects,
  ),
};

/**
 * The storefront's own settings, from the environment (STOREFRONT_VARIABLES). The IP filter, the
 * build, the card gateway, the public origin (PUBLIC_ORIGIN) and whether the bot check is on
 * come from the API's configuration, so both halves of the server agree.
 */
export function loadStorefrontSettings(
  env: NodeJS.ProcessEnv,
  shared: Pick<StorefrontSettings, 'ipFilter' | 'build' | 'publicOrigin' | 'botCheck'> & {
    paymentGateway: AppConfig['commerce']['gateway'];
  },
): StorefrontSettings {
  const vars = parseVariables(STOREFRONT_VARIABLES, env);
  return {
    devPages: vars.STOREFRONT_DEV_PAGES,
    development: vars.STOREFRONT_DEVELOPMENT,
    redirects: vars.STOREFRONT_REDIRECTS,
    ipFilter: shared.ipFilter,
    build: shared.build,
    cardGateway: publicCardGateway(shared.paymentGateway),
    publicOrigin: shared.publicOrigin,
    botCheck: shared.botCheck === true,
  };
}
