import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PagedLinks, Pagination, pageWindow } from './pagination';

afterEach(cleanup);

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });

  it('shows first, last and two either side of the current page, with gaps', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap-1', 8, 9, 10, 11, 12, 'gap-12', 20]);
  });
});

describe('Pagination', () => {
  it('links the pages and marks the current one', () => {
    render(<Pagination page={2} perPage={40} total={200} hrefFor={(p) => `/search?page=${p}`} />);
    expect(screen.getByText('2').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '3ページ目' }).getAttribute('href')).toBe(
      '/search?page=3',
    );
    expect(screen.getByRole('link', { name: '前へ' }).getAttribute('href')).toBe('/search?page=1');
    expect(screen.getByRole('link', { name: '次へ' }).getAttribute('href')).toBe('/search?page=3');
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} perPage={40} total={12} hrefFor={String} />);
    expect(container.innerHTML).toBe('');
  });

  it('stops at the deepest page the list serves', () => {
    render(<Pagination page={100} perPage={40} total={100_000} maxPage={100} hrefFor={String} />);
    expect(screen.queryByRole('link', { name: '次へ' })).toBeNull();
  });
});

describe('PagedLinks', () => {
  it('links page 1 as the list itself and other pages with ?page=', () => {
    render(<PagedLinks list={{ page: 2, per_page: 20, total: 60, items: [] }} path="/gallery" />);
    expect(screen.getByRole('link', { name: '前へ' }).getAttribute('href')).toBe('/gallery');
    expect(screen.getByRole('link', { name: '次へ' }).getAttribute('href')).toBe('/gallery?page=3');
  });
});
