import { ROUTES } from '@shop/rules';
import { WorksPage } from '../../features/catalog/components/works-page';
import type { SeriesDetail } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function SeriesRoute({ data }: PageProps<SeriesDetail>) {
  return (
    <WorksPage
      kind="シリーズ"
      name={data.title}
      products={data.products}
      path={ROUTES.series.path({ slug: data.slug })}
    />
  );
}
