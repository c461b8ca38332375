import { ROUTES } from '@shop/rules';
import { ShopLink } from './shop-link';

export interface Crumb {
  label: string;
  href?: string;
}

/** The trail from the top page to the current one; the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const trail: Crumb[] = [{ label: ROUTES.top.title, href: ROUTES.top.path() }, ...items];
  return (
    <nav className="breadcrumb" aria-label="パンくずリスト">
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.href ?? crumb.label}>
            {crumb.href && index < trail.length - 1 ? (
              <ShopLink href={crumb.href} prefetch={false}>
                {crumb.label}
              </ShopLink>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The top of a page: its breadcrumb (top, the `parent` page when it has one, then this page) and
 * its title as the page's heading.
 */
export function PageHeading({ title, parent }: { title: string; parent?: Required<Crumb> }) {
  return (
    <>
      <Breadcrumb items={parent ? [parent, { label: title }] : [{ label: title }]} />
      <h1 className="page-title">{title}</h1>
    </>
  );
}
