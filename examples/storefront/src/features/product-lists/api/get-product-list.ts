import type { ProductListType, SaleTerm } from '@shop/rules';
import type { ApiClient } from '../../../lib/api-client';
import type { ProductPage, SaleList } from '../../../types/api';

/** GET /api/productlist/sale/{term}/?date=&page=: releases of a day, week or month (JST). */
export function getSaleList(
  api: ApiClient,
  term: SaleTerm,
  options: { date?: string; page?: number },
): Promise<SaleList> {
  return api.get<SaleList>(`/api/productlist/sale/${term}/`, {
    date: options.date,
    page: options.page && options.page > 1 ? String(options.page) : undefined,
  });
}

/** GET /api/productlist/{add|delay|benefit|limited}/?page=. */
export function getProductList(
  api: ApiClient,
  type: ProductListType,
  page: number,
): Promise<ProductPage> {
  return api.get<ProductPage>(`/api/productlist/${type}/`, {
    page: page > 1 ? String(page) : undefined,
  });
}
