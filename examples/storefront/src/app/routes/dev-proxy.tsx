import type { ApiProbe } from '../../features/dev/api/probe-api';
import { DevProxyPage } from '../../features/dev/components/dev-proxy-page';
import type { PageProps } from '../route-chunks';

export default function DevProxyRoute({ data }: PageProps<{ probes: ApiProbe[] }>) {
  return <DevProxyPage data={data} />;
}
