import { ROUTES } from '@shop/rules';
import { probeApi } from '../../features/dev/api/probe-api';
import { devHead, type PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ api }) => ({
  data: { probes: await probeApi(api, ['/api/health/', '/api/homedata/']) },
  head: devHead(ROUTES.devProxy.title),
});
