import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { CATEGORIES } from './categories';
import { CATEGORY_TREE, type CategoryTreeNode } from './categoryTree';
import { GENRES } from './genres';

const allNodes = (nodes: readonly CategoryTreeNode[]): CategoryTreeNode[] =>
  nodes.flatMap((node) => [node, ...allNodes(node.children)]);

describe('CATEGORIES', () => {
  test("marks the spec's six search-form categories", () => {
    expect(CATEGORIES.filter((c) => c.searchForm).map((c) => c.value)).toEqual([
      'コミック',
      '雑誌',
      '文庫',
      'ノベル',
      '書籍',
      'CD',
    ]);
  });
  test('includes every category the header menu searches by', () => {
    const values = CATEGORIES.map((c) => c.value) as string[];
    for (const name of [
      '雑誌',
      'コミック',
      'ノベル',
      '画集',
      '攻略本',
      'TRPG',
      'BL',
      '読本',
      '解説本',
      '中古',
    ]) {
      expect(values).toContain(name);
    }
  });
});

describe('GENRES', () => {
  test("lists the spec's genres in order", () => {
    expect(GENRES.map((g) => g.value)).toEqual([
      'all',
      'comic',
      'comic_boys',
      'comic_girls',
      'novel',
      'magazine',
      'games',
      'trpg',
      'books',
      'bl',
    ]);
  });
});

describe('CATEGORY_TREE', () => {
  test("has the spec's shape: novel holds bunko and tankoubon", () => {
    expect(CATEGORY_TREE.map((n) => n.value)).toEqual([
      'books',
      'novel',
      'magazine',
      'comic_all',
      'bl',
      'games',
      'trpg',
    ]);
    const novel = CATEGORY_TREE.find((n) => n.value === 'novel');
    expect(novel?.children.map((c) => [c.value, c.label])).toEqual([
      ['bunko', '文庫'],
      ['tankoubon', '単行本'],
    ]);
  });
});

describe('properties', () => {
  test('searches known categories: every tree node names at least one category of CATEGORIES', () => {
    for (const node of allNodes(CATEGORY_TREE)) {
      const values = CATEGORIES.map((c) => c.value) as string[];
      expect(node.categories.length).toBeGreaterThan(0);
      for (const category of node.categories) expect(values).toContain(category);
    }
  });
  test('covers its children: a parent searches every category its children search', () => {
    for (const node of allNodes(CATEGORY_TREE)) {
      for (const child of node.children) {
        for (const category of child.categories) expect(node.categories).toContain(category);
      }
    }
  });
});
