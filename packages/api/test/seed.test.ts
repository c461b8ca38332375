import { foldLongVowels, normalizeForSearch, type StockLabel } from '@shop/rules';
import { describe, expect, it } from 'vitest';
import {
  type CatalogOptions,
  generateAuthors,
  generateProductBatch,
  generateSeries,
  namesOf,
  newCounters,
  type ProductBatch,
  type VariationRow,
} from '../src/seed/generate';
import { toCard } from '../src/services/product-view';

const options: CatalogOptions = { products: 2000, now: new Date('2026-11-20T03:00:00Z') };

function generate(opts: CatalogOptions, batchSize: number): ProductBatch {
  const names = namesOf(generateAuthors(opts), generateSeries(opts));
  const counters = newCounters();
  const all: ProductBatch = {
    products: [],
    variations: [],
    benefits: [],
    postponements: [],
    orders: [],
    orderItems: [],
    dailySales: [],
  };
  for (let from = 1; from <= opts.products; from += batchSize) {
    const batch = generateProductBatch(
      opts,
      names,
      counters,
      from,
      Math.min(opts.products, from + batchSize - 1),
    );
    for (const key of Object.keys(all) as (keyof ProductBatch)[]) {
      (all[key] as unknown[]).push(...batch[key]);
    }
  }
  return all;
}

describe('demo catalog generator', () => {
  const catalog = generate(options, 500);

  it('is deterministic whatever the batch size', () => {
    expect(generate(options, 333)).toEqual(catalog);
  });

  it('depends on the seed', () => {
    const other = generate({ ...options, seed: 7 }, 500);
    expect(other.products.map((p) => p.title)).not.toEqual(catalog.products.map((p) => p.title));
  });

  it('has the variety the shop needs', () => {
    const titles = catalog.products.map((p) => p.title);
    expect(titles.some((t) => /[\u3041-\u3096]/.test(t))).toBe(true);
    expect(titles.some((t) => /[\u30a1-\u30f6]/.test(t))).toBe(true);
    expect(titles.some((t) => /[\uff66-\uff9d]/.test(t))).toBe(true);
    expect(titles.some((t) => /[Ａ-Ｚ０-９]/.test(t))).toBe(true);
    expect(titles.some((t) => /[A-Za-z]/.test(t))).toBe(true);
    expect(titles.some((t) => /限定版|特装版/.test(t))).toBe(true);
    expect(titles.some((t) => /第\d+巻|Vol\.\d+|（\d+）/.test(t))).toBe(true);
    const precisions = new Set(catalog.products.map((p) => p.release_date_precision));
    expect([...precisions].sort()).toEqual(['day', 'month', 'month_part']);
    expect(catalog.products.some((p) => p.reservation_type === 'BACKORDER')).toBe(true);
    expect(catalog.products.some((p) => p.is_adult)).toBe(true);
    expect(catalog.products.some((p) => p.circle_id !== null)).toBe(true);
    expect(catalog.products.some((p) => p.disabled_before !== null)).toBe(true);
    expect(catalog.variations.some((v) => !v.in_stock)).toBe(true);
    expect(catalog.variations.some((v) => v.unit_price === null)).toBe(true);
    expect(new Set(catalog.variations.map((v) => v.name)).size).toBeGreaterThanOrEqual(3);
    expect(catalog.postponements.length).toBeGreaterThan(0);
    expect(
      catalog.benefits.some((b) => b.expiry_date !== null && b.expiry_date < '2026-11-20'),
    ).toBe(true);
  });

  it('keeps order counts, order items and the daily rollup consistent', () => {
    const units = new Map<number, number>();
    for (const item of catalog.orderItems) {
      units.set(item.product_id, (units.get(item.product_id) ?? 0) + item.quantity);
    }
    for (const product of catalog.products) {
      expect(product.order_count).toBe(units.get(product.id) ?? 0);
    }
    const rolled = catalog.dailySales.reduce((sum, row) => sum + row.quantity, 0);
    expect(rolled).toBe([...units.values()].reduce((a, b) => a + b, 0));
    const orderIds = new Set(catalog.orders.map((o) => o.id));
    expect(orderIds.size).toBe(catalog.orders.length);
    expect(catalog.orders.every((o) => o.placed_at.slice(0, 10) <= '2026-11-20')).toBe(true);
  });

  it('gives every product a unique slug and a search text holding its normalised title', () => {
    expect(new Set(catalog.products.map((p) => p.slug)).size).toBe(options.products);
    for (const product of catalog.products.slice(0, 50)) {
      expect(product.search_title).toBe(normalizeForSearch(product.title));
      expect(product.search_text).toContain(product.search_title.replace(/ /g, ''));
    }
  });

  it('gives titles, series and circles a katakana reading, searched in hiragana and folded', () => {
    const series = generateSeries(options);
    const authors = generateAuthors(options);
    const readings = [
      ...catalog.products.map((p) => p.title_kana),
      ...series.map((s) => s.title_kana),
      ...authors.filter((a) => a.kind === 'circle').map((a) => a.name_kana),
    ];
    for (const reading of readings) {
      // Only katakana, ー, digits, Latin letters the generator writes as they are, and spaces.
      expect(reading).toMatch(/^[\u30a1-\u30fa\u30fc0-9A-Za-z ]+$/u);
    }
    for (const product of catalog.products.slice(0, 50)) {
      const reading = normalizeForSearch(product.title_kana);
      expect(product.search_text).toContain(reading.replace(/ /g, ''));
      expect(product.search_text).toContain(foldLongVowels(reading).replace(/ /g, ''));
    }
  });

  describe('labels of the generated catalog (what a shopper sees on the cards)', () => {
    const variationsOf = new Map<number, VariationRow[]>();
    for (const v of catalog.variations) {
      variationsOf.set(v.product_id, [...(variationsOf.get(v.product_id) ?? []), v]);
    }
    const cards = catalog.products.map((product) => ({
      product,
      card: toCard(
        { ...product, variations: variationsOf.get(product.id) ?? [], benefits: [] },
        options.now,
      ),
    }));
    const share = (label: StockLabel) =>
      cards.filter(({ card }) => card.stock_label === label).length / cards.length;

    it('is mostly released and in stock, with some reservations and some awaiting stock', () => {
      // The old generator gave every variation its release day as sell start, so 92% of the
      // catalog read 予約受付中 and 在庫あり / 入荷待ち never appeared.
      expect(share('在庫あり')).toBeGreaterThan(0.5);
      expect(share('予約受付中')).toBeGreaterThan(0.1);
      expect(share('予約受付中')).toBeLessThan(0.35);
      expect(share('入荷待ち')).toBeGreaterThan(0.02);
      expect(share('入荷待ち')).toBeLessThan(0.15);
      expect(share('在庫なし')).toBeGreaterThan(0.02);
    });

    it('labels a released title in stock 在庫あり and never a reservation', () => {
      for (const { product, card } of cards) {
        if (product.sell_start_date > '2026-11-20' || product.reservation_type === 'BACKORDER')
          continue;
        expect(['在庫あり', '在庫なし'], product.slug).toContain(card.stock_label);
        expect(card.reservation_label, product.slug).toBe('');
      }
    });

    it('has every used (中古) item released', () => {
      const used = catalog.products.filter((p) => p.categories.includes('中古'));
      expect(used.length).toBeGreaterThan(20);
      for (const product of used) {
        expect(product.sell_start_date <= '2026-11-20', product.slug).toBe(true);
        expect(product.reservation_type, product.slug).not.toBe('UNRELEASED');
      }
    });
  });
});
