import type { Homedata } from '@shop/api/types';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePage } from './home-page';

afterEach(cleanup);

const card = (n: number) => ({
  slug: `04000000000${n}`,
  title: `本日発売の本 ${n}`,
  cover_image: `/covers/04000000000${n}_240.png`,
  categories: ['コミック' as const],
  genre: 'comic' as const,
  is_adult: false,
  release_date: { date: '2026-11-25', precision: 'day' as const },
  release_date_label: '2026年11月25日(水)発売',
  min_price: 660,
  price_undecided: false,
  reservation_label: '' as const,
  stock_label: '在庫あり' as const,
  has_active_benefit: false,
  has_bonus: false,
  disabled: false,
});

const showcase = (n: number) => ({
  slug: `sc${n}`,
  title: `特集 ${n}`,
  description: '特集の説明',
  image: `/covers/showcase-${n}.png`,
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: null,
});

function home(showcases: ReturnType<typeof showcase>[]): Homedata {
  const items = [1, 2, 3, 4, 5, 6].map(card);
  return {
    news: [],
    showcases,
    releases_today: { date: '2026-11-25', total: items.length, items },
    rankings: {
      daily: { type: 'daily', from: '2026-11-24', to: '2026-11-24', items: [] },
      reservation: { type: 'reservation', from: '2026-10-26', to: '2026-11-25', items: [] },
    },
    new_arrivals: [],
    benefit_products: [],
    gallery: [],
  } as unknown as Homedata;
}

describe('HomePage image loading', () => {
  it('fetches the showcase banners first and leaves the covers below them to lazy loading', () => {
    // The three banners shown are all above the fold, one column of them on a phone: a lazy one
    // would be asked for only after layout, and be the page's largest paint all the same.
    const { container } = render(
      <HomePage home={home([showcase(1), showcase(2), showcase(3), showcase(4)])} relative={{}} />,
    );
    const banners = [...container.querySelectorAll('.hero img')];
    expect(banners.map((b) => b.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager']);
    expect(banners.map((b) => b.getAttribute('fetchpriority'))).toEqual(['high', 'high', 'high']);
    const covers = [...container.querySelectorAll('.product-card img')];
    expect(covers.length).toBeGreaterThan(0);
    for (const cover of covers) {
      expect(cover.getAttribute('loading')).toBe('lazy');
      expect(cover.getAttribute('fetchpriority')).toBeNull();
    }
  });

  it("without a showcase, today's first covers lead the page and the first is fetched first", () => {
    const { container } = render(<HomePage home={home([])} relative={{}} />);
    const covers = [...container.querySelectorAll('.product-card img')];
    expect(covers.slice(0, 5).map((c) => c.getAttribute('loading'))).toEqual(
      Array(5).fill('eager'),
    );
    expect(covers[5]?.getAttribute('loading')).toBe('lazy');
    expect(covers[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(covers[1]?.getAttribute('fetchpriority')).toBeNull();
  });

  it('asks /_image for quality-80 webp', () => {
    const { container } = render(<HomePage home={home([showcase(1)])} relative={{}} />);
    for (const img of container.querySelectorAll('img')) {
      expect(img.getAttribute('src')).toMatch(/&q=80&f=webp$/);
    }
  });
});
