import type { ReactNode } from 'react';
import { ShopLink } from './shop-link';

/** A titled block of a page, with an optional "see more" link to the full list. */
export function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { href: string; label?: string };
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="section-heading">
        <h2 id={id}>{title}</h2>
        {more ? (
          <ShopLink href={more.href} prefetch={false}>
            {more.label ?? 'もっと見る'}
          </ShopLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A page that is one section under its title (the pages a mailed link opens, for one). */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      {children}
    </section>
  );
}
