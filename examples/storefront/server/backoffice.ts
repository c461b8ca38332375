// The back office (examples/backoffice) on the shop's own port: its built single-page
// application under /admin/ (docs/backoffice.md "Where it is served"). The pages hold no data
// (everything comes from /api/admin/ behind the staff login), so this serves files only: the
// hashed assets, and index.html for every other path under /admin/, where the app's router
// decides what to show.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/**
 * The back office's Content-Security-Policy: its built files only (no inline script or style, no
 * third party), requests to its own origin, no framing (clickjacking a staff action), no plugins,
 * no foreign <base> or form targets. Covers `data:` images for the TOTP enrolment's QR code.
 */
export const BACKOFFICE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every back office answer: never indexed, never framed, never sniffed. */
const COMMON_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
} as const;

const NOT_BUILT =
  '管理画面がビルドされていません。pnpm start（または pnpm --filter @shop/backoffice run build）でビルドしてください。';

/**
 * The Hono app that answers /admin and everything under it from the back office's build folder
 * (examples/backoffice/dist). A server started before the build answers 503 with what to run.
 */
export function createBackofficeServer({ distDir }: { distDir: string }): Hono {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  // Read once: a deploy builds, then starts the server.
  const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(COMMON_HEADERS)) c.res.headers.set(name, value);
  });

  app.get('/admin', (c) => c.redirect('/admin/', 308));

  // Vite puts a content hash in every file name under /admin/assets/, so a file never changes.
  // Set after the answer: serveStatic's onFound runs once its answer is made, too late for a
  // header (@hono/node-server 2.1).
  app.use('/admin/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) {
      c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    }
  });
  app.use(
    '/admin/assets/*',
    serveStatic({ root: distDir, rewriteRequestPath: (path) => path.replace(/^\/admin/, '') }),
  );
  app.get('/admin/assets/*', (c) => c.text('Not Found', 404));

  app.get('/admin/*', (c) => {
    if (index === null) return c.text(NOT_BUILT, 503, { 'Cache-Control': 'no-store' });
    return c.html(index, 200, {
      // index.html names the current build's chunks: a browser asks again after each deploy.
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': BACKOFFICE_CSP,
    });
  });

  return app;
}
