import { HEADER_MENU } from '@shop/rules';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createApiClient } from '../lib/api-client';
import type { ProductPage } from '../types/api';
import type { LoaderContext } from './page-loaders';
import ProductListRoute from './routes/product-list';
import { loader } from './routes/product-list.loader';

afterEach(cleanup);

const EMPTY: ProductPage = { total: 0, page: 1, per_page: 40, items: [] };

describe('限定版リスト', () => {
  it('is the header link to the limited-edition list, not a title search', () => {
    expect(HEADER_MENU.find((link) => link.label === '限定版リスト')?.href).toBe(
      '/productlist/limited',
    );
  });

  it('loads /api/productlist/limited/ and is titled 限定版リスト', async () => {
    const asked: string[] = [];
    const context = {
      params: { type: 'limited' },
      search: new URLSearchParams('page=2'),
      href: '/productlist/limited?page=2',
      api: createApiClient(async (path) => {
        asked.push(path);
        return Response.json({ ...EMPTY, page: 2, total: 41 });
      }),
      settings: {} as LoaderContext['settings'],
      now: new Date('2026-11-25T03:00:00Z'),
    } satisfies LoaderContext;
    const { head } = await loader(context);
    expect(asked).toEqual(['/api/productlist/limited/?page=2']);
    expect(head.title).toContain('限定版リスト');
  });

  it('renders its heading and the lead that says editions are chosen on the product page', () => {
    render(
      <Router>
        <ProductListRoute
          data={{ ...EMPTY, total: 3 }}
          params={{ type: 'limited' }}
          href="/productlist/limited"
        />
      </Router>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '限定版リスト' })).toBeTruthy();
    expect(screen.getByText(/限定版・特装版の商品です/)).toBeTruthy();
  });
});
