import { SaleListPage } from '../../features/product-lists/components/sale-list-page';
import type { SaleList } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function SaleListRoute({ data, params }: PageProps<SaleList>) {
  return <SaleListPage data={data} params={params} />;
}
