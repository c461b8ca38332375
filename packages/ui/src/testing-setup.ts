import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A component test waits for what a loaded 2-core CI machine takes to render (the toast area),
// not for what a quiet laptop takes, as the apps' tests do.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
