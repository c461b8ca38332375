import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { TEST_NOW } from '../../test/support/database';
import { insertMember, insertProduct, ordersTestApp } from '../../test/support/orders-app';
import { txRows } from '../db/tx';
import { addFavorite } from './favorites';

const t = ordersTestApp();

async function productSlugs(n: number): Promise<string[]> {
  const products = await Promise.all(Array.from({ length: n }, () => insertProduct(t.db)));
  return products.map((product) => product.slug);
}

async function favoriteCount(memberId: number): Promise<number> {
  const [row] = await txRows<{ n: number }>(
    t.db.orm,
    sql`select count(*)::int as n from favorites where member_id = ${memberId}`,
  );
  return row?.n ?? 0;
}

describe('addFavorite', () => {
  test('a burst of 50 parallel additions never passes the limit', async () => {
    const { memberId } = await insertMember(t);
    const slugs = await productSlugs(50);
    const results = await Promise.allSettled(
      slugs.map((slug) => addFavorite(t.db, memberId, 'product', slug, TEST_NOW, 5)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toMatchObject({ code: 'favorite_limit_reached' });
      }
    }
    expect(await favoriteCount(memberId)).toBe(5);
  }, 60_000);

  test('adding a favourite already kept stays idempotent at the limit', async () => {
    const { memberId } = await insertMember(t);
    const slugs = await productSlugs(2);
    const [first = '', second = ''] = slugs;
    expect(await addFavorite(t.db, memberId, 'product', first, TEST_NOW, 1)).toEqual({
      created: true,
    });
    expect(await addFavorite(t.db, memberId, 'product', first, TEST_NOW, 1)).toEqual({
      created: false,
    });
    await expect(addFavorite(t.db, memberId, 'product', second, TEST_NOW, 1)).rejects.toMatchObject(
      { code: 'favorite_limit_reached' },
    );
  });
});
