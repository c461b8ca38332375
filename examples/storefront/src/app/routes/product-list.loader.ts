import { PRODUCT_LIST_TYPES, type ProductListType } from '@shop/rules';
import { getProductList } from '../../features/product-lists/api/get-product-list';
import { LIST_LEADS } from '../../features/product-lists/components/list-leads';
import { type PageLoader, paged, pageParam } from '../page-loaders';

export const loader: PageLoader = async ({ api, params, search }) => {
  const type = params.type as Exclude<ProductListType, 'benefit'>;
  const list = await getProductList(api, type, pageParam(search));
  const title = PRODUCT_LIST_TYPES.find((t) => t.value === type)?.label ?? '';
  return {
    data: list,
    head: { title: paged(title, list.page), description: LIST_LEADS[type], ogType: 'website' },
  };
};
