import { ROUTES } from '@shop/rules';
import { getProductList } from '../../features/product-lists/api/get-product-list';
import { LIST_LEADS } from '../../features/product-lists/components/list-leads';
import { type PageLoader, paged, pageParam } from '../page-loaders';

export const loader: PageLoader = async ({ api, search }) => {
  const list = await getProductList(api, 'benefit', pageParam(search));
  return {
    data: list,
    head: {
      title: paged(ROUTES.benefitList.title, list.page),
      description: LIST_LEADS.benefit,
      ogType: 'website',
    },
  };
};
