import { configure } from '@testing-library/react';

// A component test waits for what a loaded 2-core CI machine takes to render (lazy chunks,
// toasts), not for what a quiet laptop takes: Testing Library's 1 s default for findBy* and
// waitFor failed there while the same tests pass in milliseconds alone.
configure({ asyncUtilTimeout: 10_000 });
