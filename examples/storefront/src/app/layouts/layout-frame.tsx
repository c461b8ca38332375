import { ROUTES } from '@shop/rules';
import type { ReactNode } from 'react';
import { ShopLink } from '../../components/shop-link';
import { SHOP_NAME } from '../../config';
import type { LayoutName } from '../../lib/page-payload';
import { Footer } from './footer';
import { Header } from './header';

interface LayoutProps {
  layout: LayoutName;
  /** A client-side navigation is loading the next page. */
  pending: boolean;
  children: ReactNode;
}

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      本文へスキップ
    </a>
  );
}

function ProgressBar({ pending }: { pending: boolean }) {
  return (
    <div className={pending ? 'route-progress active' : 'route-progress'} aria-hidden="true" />
  );
}

function BrandBar() {
  return (
    <header className="brand-bar">
      <div className="container">
        <ShopLink href={ROUTES.top.path()} className="brand">
          <span className="brand-name">{SHOP_NAME}</span>
        </ShopLink>
      </div>
    </header>
  );
}

/** The four layouts of docs/spec.md §2: default, error, fakemodal and no-header. */
export function LayoutFrame({ layout, pending, children }: LayoutProps) {
  switch (layout) {
    case 'default':
      return (
        <div className="layout layout-default" aria-busy={pending}>
          <SkipLink />
          <ProgressBar pending={pending} />
          <Header />
          <main id="main" className="container page">
            {children}
          </main>
          <Footer />
        </div>
      );
    case 'no-header':
      // Cart and checkout: no menu to wander off through, only the brand to get back.
      return (
        <div className="layout layout-no-header" aria-busy={pending}>
          <SkipLink />
          <ProgressBar pending={pending} />
          <BrandBar />
          <main id="main" className="container page">
            {children}
          </main>
        </div>
      );
    case 'fakemodal':
      // A page shaped like a dialog over a dimmed backdrop (card and address forms).
      return (
        <div className="layout layout-fakemodal" aria-busy={pending}>
          <ProgressBar pending={pending} />
          <main id="main" className="fakemodal-card">
            {children}
          </main>
        </div>
      );
    case 'error':
      return (
        <div className="layout layout-error" aria-busy={pending}>
          <BrandBar />
          <main id="main" className="container page">
            {children}
          </main>
        </div>
      );
  }
}
