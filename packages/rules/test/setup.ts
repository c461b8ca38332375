import fc from 'fast-check';

/**
 * Replays a failing property: fast-check prints `seed` and `path` when a property fails. They
 * apply to every property of the run, and a path fits one property only, so narrow the run to
 * the failing file and law:
 * `FC_SEED=<seed> FC_PATH=<path> pnpm exec vitest run --config vitest.workspace.ts --project rules <file> -t '<law>'`
 * (docs/rules.md, "Replaying a property failure"). `FC_NUM_RUNS` sets the number of runs.
 */
const seed = process.env.FC_SEED;
const path = process.env.FC_PATH;
const numRuns = process.env.FC_NUM_RUNS;
fc.configureGlobal({
  ...(seed !== undefined ? { seed: Number(seed) } : {}),
  ...(seed !== undefined && path ? { path } : {}),
  ...(numRuns ? { numRuns: Number(numRuns) } : {}),
});
