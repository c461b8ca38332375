import {
  CATEGORY_TREE,
  type CategoryTreeNode,
  categoriesUnder,
  ROUTES,
  toSearchParams,
} from '@shop/rules';
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

/** /category: the category tree of @shop/rules, each node opening its products (a search). */
export function CategoryTreePage() {
  return (
    <>
      <PageHeading title={ROUTES.categories.title} />
      <nav aria-label="カテゴリ">
        <ul className="category-tree">
          {CATEGORY_TREE.map((node) => (
            <Node key={node.value} node={node} />
          ))}
        </ul>
      </nav>
    </>
  );
}
