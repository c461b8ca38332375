import type { ProcessInfo } from '../../features/dev/api/get-process-info';
import { DevProcessPage } from '../../features/dev/components/dev-process-page';
import type { PageProps } from '../route-chunks';

export default function DevProcessRoute({ data }: PageProps<ProcessInfo>) {
  return <DevProcessPage data={data} />;
}
