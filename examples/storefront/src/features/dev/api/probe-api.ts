import type { ApiClient } from '../../../lib/api-client';

export interface ApiProbe {
  path: string;
  ok: boolean;
  milliseconds: number;
  detail: string;
}

/**
 * Calls API endpoints the way page loaders do (in-process, no network hop) and times them, so a
 * developer sees that the storefront and the API share one process and one port.
 */
export async function probeApi(api: ApiClient, paths: readonly string[]): Promise<ApiProbe[]> {
  const probes: ApiProbe[] = [];
  for (const path of paths) {
    const started = performance.now();
    try {
      const body = await api.get<unknown>(path);
      probes.push({
        path,
        ok: true,
        milliseconds: Math.round((performance.now() - started) * 10) / 10,
        detail: JSON.stringify(body).slice(0, 160),
      });
    } catch (error) {
      probes.push({
        path,
        ok: false,
        milliseconds: Math.round((performance.now() - started) * 10) / 10,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return probes;
}
