// The shop's server in a process of its own for shutdown.test.ts, as src/main.ts starts it, with
// one route more: GET /test/slow/?ms=N answers after N ms and prints `slow started` when it
// begins, so the test knows its requests are in flight before it sends SIGTERM.
import { startServer, stopOnSignals } from '../../src/server';

const running = await startServer({
  configure(app) {
    app.get('/test/slow/', async (c) => {
      console.log('slow started');
      await new Promise((resolve) => setTimeout(resolve, Number(c.req.query('ms'))));
      return c.json({ answered: true });
    });
  },
});
stopOnSignals(running);
