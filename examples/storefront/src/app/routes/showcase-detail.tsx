import { ShowcaseDetailPage } from '../../features/showcase/components/showcase-detail-page';
import type { ShowcaseDetail } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function ShowcaseDetailRoute({ data }: PageProps<ShowcaseDetail>) {
  return <ShowcaseDetailPage data={data} />;
}
