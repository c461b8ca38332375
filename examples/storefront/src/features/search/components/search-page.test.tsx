import { parseSearchParams } from '@shop/rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../types/api';
import { SearchPage } from './search-page';

afterEach(cleanup);

function result(suggestions: SearchResult['suggestions'], q = '勇者の凶書館'): SearchResult {
  return {
    query: parseSearchParams(new URLSearchParams({ q })),
    total: 0,
    total_capped: false,
    page: 1,
    per_page: 40,
    items: [],
    suggestions,
  };
}

const item = (n: number): SearchResult['items'][number] => ({
  slug: `0400000${String(n).padStart(5, '0')}`,
  title: `魔王の本 ${n}巻`,
  cover_image: `/covers/0400000${String(n).padStart(5, '0')}_240.png`,
  categories: ['コミック'],
  genre: 'comic',
  is_adult: false,
  release_date: { date: '2026-11-25', precision: 'day' },
  release_date_label: '2026年11月25日(水)発売',
  min_price: 660,
  price_undecided: false,
  reservation_label: '',
  stock_label: '在庫あり',
  has_active_benefit: false,
  has_bonus: false,
  disabled: false,
});

/** A search for 魔王 that found `total`, on page `page` holding `shown` of them. */
function pageOf(total: number, page: number, shown: number): SearchResult {
  return {
    ...result(null, '魔王'),
    total,
    page,
    items: Array.from({ length: shown }, (_, i) => item((page - 1) * 40 + i + 1)),
  };
}

describe('SearchPage', () => {
  it('says which of the results the page shows, by the items it has', () => {
    render(<SearchPage data={pageOf(3000, 2, 40)} />);
    expect(screen.getByText('3,000件（41〜80件を表示）')).toBeTruthy();
    cleanup();
    render(<SearchPage data={pageOf(3000, 75, 40)} />);
    expect(screen.getByText('3,000件（2,961〜3,000件を表示）')).toBeTruthy();
  });

  it('names no range on a page past the last one (an old link to ?page=99)', () => {
    render(<SearchPage data={pageOf(3000, 99, 0)} />);
    expect(screen.getByText('3,000件')).toBeTruthy();
    expect(screen.queryByText(/件を表示/)).toBeNull();
  });

  it('offers close titles and popular searches, each a search, when nothing was found', () => {
    render(
      <SearchPage
        data={result({
          titles: [
            { title: '勇者の図書館 19', slug: 'fg-yusha-19' },
            { title: '勇者の図書館 1', slug: 'fg-yusha-1' },
          ],
          popular: ['ゆるゆる転生', '魔王さまの喫茶店'],
        })}
      />,
    );
    const hints = screen.getByRole('region', { name: '検索のヒント' });
    expect(within(hints).getByText(/見つかりませんでした/)).toBeTruthy();
    const close = within(hints).getByRole('link', { name: '勇者の図書館 19' });
    expect(close.getAttribute('href')).toBe(
      `/search?${new URLSearchParams({ q: '勇者の図書館 19' })}`,
    );
    const popular = within(hints).getByRole('link', { name: 'ゆるゆる転生' });
    expect(popular.getAttribute('href')).toBe(
      `/search?${new URLSearchParams({ q: 'ゆるゆる転生' })}`,
    );
    expect(within(hints).getAllByRole('link')).toHaveLength(4);
  });

  it('shows only the headings it has something for', () => {
    render(<SearchPage data={result({ titles: [], popular: ['ゆるゆる転生'] })} />);
    expect(screen.queryByText('もしかして')).toBeNull();
    expect(screen.getByText('よく検索されている作品')).toBeTruthy();
  });

  it('gives the filter form a submit button that keeps the keywords, genres and sort', () => {
    const data = result(null, '勇者');
    data.query = parseSearchParams('q=勇者&genres=novel&sort=order_count-desc&filter=benefit');
    render(<SearchPage data={data} />);
    const form = screen.getByRole('form', { name: '絞り込み' }) as HTMLFormElement;
    expect(within(form).getByRole('button', { name: '絞り込む' }).getAttribute('type')).toBe(
      'submit',
    );
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) fields.append(name, String(value));
    expect(parseSearchParams(fields)).toEqual({ ...data.query, categories: [], page: 1 });
  });

  it('offers nothing when the search found something', () => {
    render(<SearchPage data={result(null, '勇者')} />);
    expect(screen.queryByRole('region', { name: '検索のヒント' })).toBeNull();
  });
});
