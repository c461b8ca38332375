import { Router } from 'wouter';
import { ToastProvider } from '../components/toast';
import type { BootData } from '../lib/page-payload';
import { AccountOverlays } from './layouts/account-overlays';
import { PageHost } from './page-host';

/**
 * The whole storefront. On the server, `href` fixes wouter's location (its SSR support); in the
 * browser wouter follows the address bar.
 */
export function App({ boot, href }: { boot: BootData; href?: string }) {
  return (
    <Router {...(href === undefined ? {} : { ssrPath: href })}>
      <ToastProvider>
        <PageHost boot={boot} />
        <AccountOverlays />
      </ToastProvider>
    </Router>
  );
}
