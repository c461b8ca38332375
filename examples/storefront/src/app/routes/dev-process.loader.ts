import { ROUTES } from '@shop/rules';
import { getProcessInfo } from '../../features/dev/api/get-process-info';
import { devHead, type PageLoader } from '../page-loaders';

export const loader: PageLoader = async ({ settings }) => ({
  data: getProcessInfo(settings),
  head: devHead(ROUTES.devProcess.title),
});
