import type { ProcessInfo } from '../../features/dev/api/get-process-info';
import { DevPage } from '../../features/dev/components/dev-page';
import type { PageProps } from '../route-chunks';

export default function DevRoute({ data }: PageProps<ProcessInfo>) {
  return <DevPage data={data} />;
}
