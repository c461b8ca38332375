import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RedirectRule } from '@shop/rules';
import type { StorefrontSettings } from './ssr-contract';

const truthy = (value: string | undefined) => value === 'true' || value === '1';

/** The build the client bundle was made by (dist/client/build.json, written by vite.config.ts). */
export function readBuildInfo(clientDir: string): { id: string; timestamp: number } {
  const file = join(clientDir, 'build.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: run \`pnpm --filter @shop/storefront build\``);
  return JSON.parse(readFileSync(file, 'utf8')) as { id: string; timestamp: number };
}

function parseRedirects(raw: string | undefined): RedirectRule[] {
  if (!raw) return [];
  const parsed: unknown = JSON.parse(raw);
  if (!Array.isArray(parsed)) throw new Error('STOREFRONT_REDIRECTS must be a JSON array');
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
 * The storefront's own settings, from the environment:
 * STOREFRONT_DEV_PAGES (serve /dev/*), STOREFRONT_DEVELOPMENT (stack traces on error screens),
 * STOREFRONT_REDIRECTS (JSON list of { from, to, status }). The IP filter and the build come from
 * the API's configuration, so both halves of the server agree.
 */
export function loadStorefrontSettings(
  env: NodeJS.ProcessEnv,
  shared: Pick<StorefrontSettings, 'ipFilter' | 'build'>,
): StorefrontSettings {
  return {
    devPages: truthy(env.STOREFRONT_DEV_PAGES),
    development: truthy(env.STOREFRONT_DEVELOPMENT),
    redirects: parseRedirects(env.STOREFRONT_REDIRECTS),
    ipFilter: shared.ipFilter,
    build: shared.build,
  };
}
