import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { CATEGORIES } from './categories';
import { categoriesUnder } from './categoriesUnder';
import { CATEGORY_TREE, type CategoryTreeNode } from './categoryTree';

const allNodes = (nodes: readonly CategoryTreeNode[]): CategoryTreeNode[] =>
  nodes.flatMap((node) => [node, ...allNodes(node.children)]);
const nodeArb = fc.constantFrom(...allNodes(CATEGORY_TREE));

describe('categoriesUnder', () => {
  test('小説 asks for both of its leaves, 文庫 and ノベル', () => {
    expect(categoriesUnder('novel')).toEqual(['文庫', 'ノベル']);
    expect(categoriesUnder('bunko')).toEqual(['文庫']);
    expect(categoriesUnder('tankoubon')).toEqual(['ノベル']);
  });
  test('a value that names no node asks for nothing', () => {
    expect(categoriesUnder('nope')).toEqual([]);
  });
  test('includes a child category its parent node forgot to list', () => {
    const orphan = allNodes(CATEGORY_TREE).filter((n) => n.children.length > 0);
    for (const node of orphan) {
      for (const child of node.children)
        for (const c of child.categories) expect(categoriesUnder(node.value)).toContain(c);
    }
  });
});

describe('properties', () => {
  test.prop([nodeArb])(
    "includes the subtree: a node's search holds its own and every descendant's categories",
    (node) => {
      const under = categoriesUnder(node.value);
      for (const descendant of allNodes([node]))
        for (const category of descendant.categories) expect(under).toContain(category);
    },
  );
  test.prop([nodeArb])('is canonical: no repeats, in CATEGORIES order', (node) => {
    const under = categoriesUnder(node.value);
    const order = CATEGORIES.map((c) => c.value).filter((c) => under.includes(c));
    expect(under).toEqual(order);
  });
});
