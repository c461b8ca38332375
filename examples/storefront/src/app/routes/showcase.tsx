import { ShowcaseListPage } from '../../features/showcase/components/showcase-list-page';
import type { ShowcaseSummary } from '../../types/api';
import type { PageProps } from '../route-chunks';

export default function ShowcaseListRoute({ data }: PageProps<{ items: ShowcaseSummary[] }>) {
  return <ShowcaseListPage data={data} />;
}
