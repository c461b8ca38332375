import { BROWSABLE_GENRES, ROUTES } from '@shop/rules';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answeringContext } from '../testing/loader-context';
import { renderInShop } from '../testing/render';
import type { SearchResult } from '../types/api';
import GenreRoute, { type GenrePageData } from './routes/genre';
import { loader as genreLoader } from './routes/genre.loader';
import GenresRoute from './routes/genres';

afterEach(cleanup);

const RESULT: SearchResult = {
  query: {
    q: '',
    categories: [],
    genres: ['comic_girls'],
    filters: [],
    sort: 'new_arrival-desc',
    page: 2,
  },
  total: 41,
  total_capped: false,
  page: 2,
  per_page: 40,
  items: [],
  suggestions: null,
};

describe('genre pages', () => {
  it('list every browsable genre, each opening its own page', () => {
    renderInShop(<GenresRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'ジャンル一覧' })).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'ジャンル' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      BROWSABLE_GENRES.map((g) => [g.label, `/genre/${g.value}`]),
    );
  });

  it("load a genre's products as the search for that genre, on the page the address asks for", async () => {
    const asked: string[] = [];
    const page = await genreLoader(
      answeringContext({ genre: 'comic_girls' }, 'page=2', RESULT, asked),
    );
    expect(asked).toEqual(['/api/search/?genres=comic_girls&page=2']);
    expect(page.head.title).toContain('女性向けコミック');
    expect(page.data).toEqual({
      genre: 'comic_girls',
      label: '女性向けコミック',
      products: RESULT,
    });
  });

  it('show the genre as the heading, a way back to the list, and pages that stay on the page', () => {
    const data: GenrePageData = {
      genre: 'comic_girls',
      label: '女性向けコミック',
      products: RESULT,
    };
    renderInShop(
      <GenreRoute data={data} params={{ genre: 'comic_girls' }} href="/genre/comic_girls" />,
    );
    expect(screen.getByRole('heading', { level: 1, name: '女性向けコミック' })).toBeTruthy();
    expect(screen.getByText(/ジャンル ・ 41点/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ジャンル' }).getAttribute('href')).toBe('/genre');
    expect(screen.getByRole('link', { name: /^1$|1ページ/ }).getAttribute('href')).toBe(
      '/genre/comic_girls',
    );
  });

  it('refuse an address that is not a genre (404), all included', () => {
    expect(ROUTES.genre.path({ genre: 'bl' })).toBe('/genre/bl');
    expect(() => ROUTES.genre.path({ genre: 'all' as 'bl' })).toThrow(TypeError);
  });
});
