import type { AdminRoute } from '../../app/admin-route';
import { ImportPage } from './import-page';
import { NewProductPage, ProductPage } from './product-page';
import { ProductsPage } from './products-page';

/** 商品: the list (with the CSV export), registration, one product's edit page, the CSV import. */
export const routes: AdminRoute[] = [
  {
    path: '/catalog/products',
    component: ProductsPage,
    permission: 'read',
    nav: { group: '商品', label: '商品一覧' },
  },
  {
    path: '/catalog/products/new',
    component: NewProductPage,
    permission: 'write',
    nav: { group: '商品', label: '商品登録' },
  },
  {
    path: '/catalog/import',
    component: ImportPage,
    permission: 'write',
    nav: { group: '商品', label: 'CSVインポート' },
  },
  { path: '/catalog/products/:id', component: ProductPage, permission: 'read' },
];
