import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { rememberCsrfToken } from '../lib/api';

// A component test waits for what a loaded 2-core CI machine takes to render, not for what a
// quiet laptop takes (the storefront's tests found Testing Library's 1 s default too short).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The API client keeps the session's CSRF token between requests: each test starts without.
  rememberCsrfToken(null);
  window.history.replaceState(null, '', '/admin/');
});
