import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  FAVORITE_CONTENT_TYPES,
  PRODUCT_LIST_TYPES,
  RANKING_TYPES,
  SALE_TERMS,
} from './routeParams';

describe('route parameter values', () => {
  test("RANKING_TYPES has the spec's five types and labels, in tab order", () => {
    expect(RANKING_TYPES).toEqual([
      { value: 'reservation', label: '予約' },
      { value: 'daily', label: '毎日' },
      { value: 'weekly', label: '週間' },
      { value: 'monthly', label: '月間' },
      { value: 'yearly', label: '年間' },
    ]);
  });

  test('SALE_TERMS are day, week and month lists', () => {
    expect(SALE_TERMS.map((t) => [t.value, t.label])).toEqual([
      ['day', '日別リスト'],
      ['week', '週別リスト'],
      ['month', '月別リスト'],
    ]);
  });

  test('PRODUCT_LIST_TYPES are the add, delay, benefit and limited-edition lists', () => {
    expect(PRODUCT_LIST_TYPES.map((t) => [t.value, t.label])).toEqual([
      ['add', '商品情報追加リスト'],
      ['delay', '発売延期リスト'],
      ['benefit', '購入特典リスト'],
      ['limited', '限定版リスト'],
    ]);
  });

  test('FAVORITE_CONTENT_TYPES are product, series and author tabs', () => {
    expect(FAVORITE_CONTENT_TYPES.map((t) => [t.value, t.label])).toEqual([
      ['product', '商品'],
      ['intellectualproperty', 'シリーズ'],
      ['author', '作者'],
    ]);
  });
});

describe('properties', () => {
  const lists = [RANKING_TYPES, SALE_TERMS, PRODUCT_LIST_TYPES, FAVORITE_CONTENT_TYPES];
  test('are unique: no list repeats a value or a label', () => {
    for (const list of lists) {
      expect(new Set(list.map((v) => v.value)).size).toBe(list.length);
      expect(new Set(list.map((v) => v.label)).size).toBe(list.length);
    }
  });
});
