import { getGalleryEntry } from '../../features/gallery/api/get-gallery';
import { contentPage } from '../page-loaders';

export const loader = contentPage(getGalleryEntry, (entry) => entry.body.slice(0, 120), 'article');
