import { CATEGORIES, type Category } from './categories';
import { CATEGORY_TREE, type CategoryTreeNode } from './categoryTree';

function find(nodes: readonly CategoryTreeNode[], value: string): CategoryTreeNode | undefined {
  for (const node of nodes) {
    if (node.value === value) return node;
    const found = find(node.children, value);
    if (found) return found;
  }
  return undefined;
}

function collect(node: CategoryTreeNode, into: Set<Category>): Set<Category> {
  for (const category of node.categories) into.add(category);
  for (const child of node.children) collect(child, into);
  return into;
}

/**
 * The categories a search for a node of `CATEGORY_TREE` asks for: the node's own and those of
 * every node below it, in `CATEGORIES` order, so a search for a branch never leaves out a leaf
 * (小説 finds 文庫 and ノベル). Empty for a value that names no node.
 *
 * @example
 * categoriesUnder('novel'); // ['文庫', 'ノベル']
 * categoriesUnder('bunko'); // ['文庫']
 * categoriesUnder('nope'); // []
 */
export function categoriesUnder(value: string): Category[] {
  const node = find(CATEGORY_TREE, value);
  if (!node) return [];
  const found = collect(node, new Set());
  return CATEGORIES.map((c) => c.value).filter((category) => found.has(category));
}
