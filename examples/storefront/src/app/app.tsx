import { Router } from 'wouter';
import { AccountOverlays } from '../components/account-overlays';
import { ToastProvider } from '../components/toast';
import { PageHost } from './page-host';
import type { BootData } from './page-payload';

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
