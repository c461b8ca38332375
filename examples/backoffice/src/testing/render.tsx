import { render, screen } from '@testing-library/react';
import { App } from '../app/app';
import type { StaffMember } from '../lib/session';
import { fakeApi, OWNER, sessionHandler } from './fake-api';

type Handlers = Parameters<typeof fakeApi>[0];

/**
 * Renders the whole back office at `path` (under /admin) for a signed-in `staff` member (the
 * owner unless given), with the API answering from `handlers`.
 */
export function renderAt(path: string, handlers: Handlers, staff: StaffMember = OWNER) {
  const fake = fakeApi({ 'GET /api/admin/session/': sessionHandler(staff), ...handlers });
  window.history.replaceState(null, '', `/admin${path}`);
  return { ...render(<App />), fake };
}

/** A list page rendered as renderAt does, once its table (named by `caption`) shows. */
export async function renderList(
  path: string,
  handlers: Handlers,
  caption: string,
  staff: StaffMember = OWNER,
) {
  const rendered = renderAt(path, handlers, staff);
  return { ...rendered, table: await screen.findByRole('table', { name: caption }) };
}
