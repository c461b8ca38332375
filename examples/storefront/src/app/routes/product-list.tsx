import { PRODUCT_LIST_TYPES, type ProductListType, ROUTES } from '@shop/rules';
import { LIST_LEADS } from '../../features/product-lists/components/list-leads';
import { ProductListPage } from '../../features/product-lists/components/product-list-page';
import type { ProductPage } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function ProductListRoute({ data, params }: PageProps<ProductPage>) {
  const type = params.type as Exclude<ProductListType, 'benefit'>;
  return (
    <ProductListPage
      title={PRODUCT_LIST_TYPES.find((t) => t.value === type)?.label ?? ''}
      lead={LIST_LEADS[type]}
      list={data}
      path={ROUTES.productList.path({ type })}
    />
  );
}
