import { createServer } from 'node:net';

/**
 * Fails at once when `port` cannot be listened on (in use, or out of reach), so that a second
 * `pnpm start` says so before it migrates, seeds and loads the storefront, rather than after.
 * Listens as @hono/node-server will (every interface) and closes again: a process that takes the
 * port in between still fails at the real listen.
 */
export async function assertPortFree(port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === 'EADDRINUSE'
          ? 'is already in use (another server of the shop?): stop it or set PORT'
          : `cannot be listened on (${error.code ?? error.message})`;
      reject(new Error(`PORT ${port} ${reason}`));
    });
    probe.listen(port, () => probe.close(() => resolve()));
  });
}
