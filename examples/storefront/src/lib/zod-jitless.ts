// The shop's Content-Security-Policy has no 'unsafe-eval'. zod compiles object parsers with
// `new Function` when it may, and probes for that when a schema is built; the browser refuses
// the probe and reports it as a CSP violation although zod falls back. This turns the compiler
// off for the zod the rules' schemas use (the same version, so the same zod). It must have run
// before validate-address.ts builds the schemas, so it is imported, and awaited, before that
// chunk: within one chunk the bundler may evaluate the rules' modules (side-effect free by
// their package.json) ahead of it.
import { config } from 'zod';

config({ jitless: true });
