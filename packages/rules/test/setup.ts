import fc from 'fast-check';

/**
 * Replays a failing property: fast-check prints `seed` and `path` when a property fails.
 * Run `FC_SEED=<seed> FC_PATH=<path> pnpm vitest run --config vitest.workspace.ts --project rules`
 * (docs/rules.md, "Replaying a property failure").
 */
const seed = process.env.FC_SEED;
const path = process.env.FC_PATH;
if (seed !== undefined) {
  fc.configureGlobal({
    seed: Number(seed),
    ...(path ? { path } : {}),
    ...(process.env.FC_NUM_RUNS ? { numRuns: Number(process.env.FC_NUM_RUNS) } : {}),
  });
}
