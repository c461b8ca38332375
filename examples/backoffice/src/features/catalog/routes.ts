import { navGroup } from '../../app/admin-route';
import { ImportPage } from './import-page';
import { NewProductPage, ProductPage } from './product-page';
import { ProductsPage } from './products-page';

/** 商品: the list (with the CSV export), registration, one product's edit page, the CSV import. */
export const routes = navGroup('商品', [
  ['/catalog/products', ProductsPage, 'read', '商品一覧'],
  ['/catalog/products/new', NewProductPage, 'write', '商品登録'],
  ['/catalog/import', ImportPage, 'write', 'CSVインポート'],
  ['/catalog/products/:id', ProductPage, 'read'],
]);
