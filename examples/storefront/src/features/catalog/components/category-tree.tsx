import {
  CATEGORY_TREE,
  type CategoryTreeNode,
  categoriesUnder,
  ROUTES,
  toSearchParams,
} from '@shop/rules';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/breadcrumb';
import { ShopLink } from '../../../components/shop-link';

// A node opens the search for its whole subtree (小説 = 文庫 + ノベル), where the shopper can still
// narrow by keywords, filters and sort: a category page of its own would be that search again.
const hrefOf = (node: CategoryTreeNode) =>
  `${ROUTES.search.path()}?${toSearchParams({ categories: categoriesUnder(node.value) })}`;

function Node({ node }: { node: CategoryTreeNode }) {
  return (
    <li>
      <ShopLink href={hrefOf(node)} prefetch={false}>
        {node.label}
      </ShopLink>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child) => (
            <Node key={child.value} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A catalog index page (categories, genres): its heading and its list of links, named `label`. */
export function CatalogIndex({
  title,
  label,
  children,
}: {
  title: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeading title={title} />
      <nav aria-label={label}>
        <ul className="category-tree">{children}</ul>
      </nav>
    </>
  );
}

/** /category: the category tree of @shop/rules, each node opening its products (a search). */
export function CategoryTreePage() {
  return (
    <CatalogIndex title={ROUTES.categories.title} label="カテゴリ">
      {CATEGORY_TREE.map((node) => (
        <Node key={node.value} node={node} />
      ))}
    </CatalogIndex>
  );
}
