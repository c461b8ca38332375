import type { LoaderContext } from '../app/page-loaders';
import { createApiClient } from '../lib/api-client';

/**
 * A page loader's context for `params` and the query `search`, whose API answers every request
 * with `answer` and records each path it was asked for in `asked`.
 */
export function answeringContext(
  params: Record<string, string>,
  search: string,
  answer: unknown,
  asked: string[],
): LoaderContext {
  return {
    params,
    search: new URLSearchParams(search),
    href: '',
    api: createApiClient(async (path) => {
      asked.push(path);
      return Response.json(answer);
    }),
    settings: {} as LoaderContext['settings'],
    now: new Date('2026-11-25T03:00:00Z'),
  };
}
