import { ROUTES } from '@shop/rules';
import { LIST_LEADS } from '../../features/product-lists/components/list-leads';
import { ProductListPage } from '../../features/product-lists/components/product-list-page';
import type { ProductPage } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function BenefitListRoute({ data }: PageProps<ProductPage>) {
  return (
    <ProductListPage
      title={ROUTES.benefitList.title}
      lead={LIST_LEADS.benefit}
      list={data}
      path={ROUTES.benefitList.path()}
    />
  );
}
