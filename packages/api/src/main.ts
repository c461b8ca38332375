// The API alone on PORT, without the storefront (`node --import tsx src/main.ts`; the benchmarks
// and the crash test run it). The shop as shoppers see it is examples/storefront's server.
import { startServer, stopOnSignals } from './server';

stopOnSignals(await startServer());
