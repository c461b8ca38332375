import { parseSearchParams, ROUTES } from '@shop/rules';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answeringContext } from '../testing/loader-context';
import { renderInShop } from '../testing/render';
import type { AuthorDetail, ProductPage, SeriesDetail } from '../types/api';
import AuthorRoute from './routes/author';
import { loader as authorLoader } from './routes/author.loader';
import SeriesRoute from './routes/series';
import { loader as seriesLoader } from './routes/series.loader';

afterEach(cleanup);

const PRODUCTS: ProductPage = { total: 41, page: 2, per_page: 40, items: [] };
const SERIES: SeriesDetail = { slug: 'yusha', title: '勇者の図書館', products: PRODUCTS };
const AUTHOR: AuthorDetail = {
  slug: 'a12',
  name: '栞 花子',
  kind: 'circle',
  name_kana: 'シオリ ハナコ',
  products: PRODUCTS,
};

const context = (slug: string, answer: unknown, asked: string[]) =>
  answeringContext({ slug }, 'page=2', answer, asked);

describe('series and author pages', () => {
  it('are routes of the route table', () => {
    expect(ROUTES.series.path({ slug: 'yusha' })).toBe('/series/yusha');
    expect(ROUTES.author.path({ slug: 'a12' })).toBe('/author/a12');
  });

  it('load the page of products the address asks for from the API', async () => {
    const asked: string[] = [];
    const series = await seriesLoader(context('yusha', SERIES, asked));
    const author = await authorLoader(context('a12', AUTHOR, asked));
    expect(asked).toEqual(['/api/series/yusha/?page=2', '/api/authors/a12/?page=2']);
    expect(series.head.title).toContain('勇者の図書館');
    expect(author.head.title).toContain('栞 花子');
  });

  it('show the name as the heading, what it is, and pages that stay on the page', () => {
    renderInShop(<SeriesRoute data={SERIES} params={{ slug: 'yusha' }} href="/series/yusha" />);
    expect(screen.getByRole('heading', { level: 1, name: '勇者の図書館' })).toBeTruthy();
    expect(screen.getByText(/シリーズ ・ 41点/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /^1$|1ページ/ }).getAttribute('href')).toBe(
      '/series/yusha',
    );
    cleanup();
    renderInShop(<AuthorRoute data={AUTHOR} params={{ slug: 'a12' }} href="/author/a12" />);
    expect(screen.getByRole('heading', { level: 1, name: '栞 花子' })).toBeTruthy();
    expect(screen.getByText(/サークル（シオリ ハナコ） ・ 41点/)).toBeTruthy();
  });
});

describe('category tree page', () => {
  it('lists the tree of @shop/rules, 小説 with 文庫 and 単行本, each opening its search', async () => {
    const { default: CategoriesRoute } = await import('./routes/categories');
    renderInShop(<CategoriesRoute />);
    expect(ROUTES.categories.path()).toBe('/category');
    expect(screen.getByRole('heading', { level: 1, name: 'カテゴリ一覧' })).toBeTruthy();
    const novel = screen.getByRole('link', { name: '小説' }).getAttribute('href') ?? '';
    expect(parseSearchParams(new URL(novel, 'http://shop.test').search).categories).toEqual([
      '文庫',
      'ノベル',
    ]);
    expect(screen.getByRole('link', { name: '単行本' }).getAttribute('href')).toBe(
      '/search?categories=%E3%83%8E%E3%83%99%E3%83%AB',
    );
  });
});
