import { getShowcase } from '../../features/showcase/api/get-showcases';
import { contentPage } from '../page-loaders';

export const loader = contentPage(getShowcase, (showcase) => showcase.description, 'website');
